package dev.workloadmap.sdk.internal.jqast;

import dev.workloadmap.sdk.internal.jqast.JqLexer.Kind;
import dev.workloadmap.sdk.internal.jqast.JqLexer.Token;
import dev.workloadmap.sdk.internal.jqast.JqNode.ArrayCons;
import dev.workloadmap.sdk.internal.jqast.JqNode.AsBinding;
import dev.workloadmap.sdk.internal.jqast.JqNode.Binary;
import dev.workloadmap.sdk.internal.jqast.JqNode.Break;
import dev.workloadmap.sdk.internal.jqast.JqNode.Call;
import dev.workloadmap.sdk.internal.jqast.JqNode.Constant;
import dev.workloadmap.sdk.internal.jqast.JqNode.Field;
import dev.workloadmap.sdk.internal.jqast.JqNode.Foreach;
import dev.workloadmap.sdk.internal.jqast.JqNode.Format;
import dev.workloadmap.sdk.internal.jqast.JqNode.FuncDef;
import dev.workloadmap.sdk.internal.jqast.JqNode.Identity;
import dev.workloadmap.sdk.internal.jqast.JqNode.If;
import dev.workloadmap.sdk.internal.jqast.JqNode.Index;
import dev.workloadmap.sdk.internal.jqast.JqNode.Iterate;
import dev.workloadmap.sdk.internal.jqast.JqNode.Key;
import dev.workloadmap.sdk.internal.jqast.JqNode.Label;
import dev.workloadmap.sdk.internal.jqast.JqNode.Negate;
import dev.workloadmap.sdk.internal.jqast.JqNode.NumberLit;
import dev.workloadmap.sdk.internal.jqast.JqNode.ObjectCons;
import dev.workloadmap.sdk.internal.jqast.JqNode.ObjectEntry;
import dev.workloadmap.sdk.internal.jqast.JqNode.Param;
import dev.workloadmap.sdk.internal.jqast.JqNode.Paren;
import dev.workloadmap.sdk.internal.jqast.JqNode.RecurseAll;
import dev.workloadmap.sdk.internal.jqast.JqNode.Reduce;
import dev.workloadmap.sdk.internal.jqast.JqNode.Slice;
import dev.workloadmap.sdk.internal.jqast.JqNode.StringLit;
import dev.workloadmap.sdk.internal.jqast.JqNode.Text;
import dev.workloadmap.sdk.internal.jqast.JqNode.Try;
import dev.workloadmap.sdk.internal.jqast.JqNode.VarRef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A recursive-descent parser for jq expressions as gojq v0.12.18 reads them (docs/format.md#jq), written for validation
 * only: it builds a {@link JqNode} tree with positions and never evaluates anything.
 *
 * <p>Precedence, lowest first: {@code def}/{@code as}/{@code label} bodies, {@code |} (right), {@code ,} (left),
 * {@code //} (right), assignments (non-associative), {@code or}, {@code and}, comparisons (non-associative),
 * {@code + -}, {@code * / %}, unary minus, postfix ({@code .a}, {@code [e]}, {@code ?}). A {@code term as $x | body}
 * binding takes the longest possible body, so {@code 1 + 3 as $a | $a} is {@code 1 + (3 as $a | $a)} as in jq and
 * gojq.
 *
 * <p>Differences from gojq, all on the strict side and each reported as a syntax error: {@code if} without {@code
 * else} (the SDK's engine cannot run it, docs/format.md#validation-jq-sdk), and the module directives {@code import},
 * {@code include} and {@code module} (definitions are self-contained). On the lenient side, object values may be any
 * expression without a top-level comma, and {@code reduce}/{@code foreach}/{@code if}/{@code try} may be followed by
 * suffixes.
 *
 * <p>Not thread-safe; use {@link #parse(String)}.
 */
public final class JqParser {

  /** Nesting deeper than this is a syntax error rather than a stack overflow. */
  static final int MAX_DEPTH = 200;

  private final JqLexer lexer;
  private final String src;
  private Token tok;
  private int depth;

  private JqParser(String src) {
    this.src = src;
    this.lexer = new JqLexer(src);
  }

  /**
   * Parses a whole expression.
   *
   * @throws JqSyntaxException with the offset of the problem
   */
  public static JqNode parse(String expression) {
    JqParser p = new JqParser(expression);
    p.advance();
    if (p.tok.kind() == Kind.EOF) {
      throw new JqSyntaxException("empty expression", 0);
    }
    JqNode node = p.parsePipe(false);
    if (p.tok.kind() != Kind.EOF) {
      throw p.unexpected();
    }
    return node;
  }

  // ---- expressions

  private JqNode parsePipe(boolean noComma) {
    enter();
    try {
      List<JqNode> parts = new ArrayList<>();
      List<Integer> ops = new ArrayList<>();
      parts.add(parseBinary(noComma ? PREC_ALT : PREC_COMMA, noComma));
      while (tok.is("|")) {
        ops.add(tok.start());
        advance();
        parts.add(parseBinary(noComma ? PREC_ALT : PREC_COMMA, noComma));
      }
      JqNode right = parts.get(parts.size() - 1);
      for (int i = parts.size() - 2; i >= 0; i--) {
        JqNode left = parts.get(i);
        right = new Binary("|", left, right, ops.get(i), left.start(), right.end());
      }
      return right;
    } finally {
      depth--;
    }
  }

  private static final int PREC_COMMA = 1;
  private static final int PREC_ALT = 2;
  private static final int PREC_ASSIGN = 3;
  private static final int PREC_OR = 4;
  private static final int PREC_AND = 5;
  private static final int PREC_COMPARE = 6;
  private static final int PREC_ADD = 7;
  private static final int PREC_MUL = 8;

  private int precedence(boolean noComma) {
    if (tok.kind() == Kind.KEYWORD) {
      return switch (tok.text()) {
        case "or" -> PREC_OR;
        case "and" -> PREC_AND;
        default -> -1;
      };
    }
    if (tok.kind() != Kind.SYMBOL) {
      return -1;
    }
    return switch (tok.text()) {
      case "," -> noComma ? -1 : PREC_COMMA;
      case "//" -> PREC_ALT;
      case "=", "|=", "+=", "-=", "*=", "/=", "%=", "//=" -> PREC_ASSIGN;
      case "==", "!=", "<", "<=", ">", ">=" -> PREC_COMPARE;
      case "+", "-" -> PREC_ADD;
      case "*", "/", "%" -> PREC_MUL;
      default -> -1;
    };
  }

  private JqNode parseBinary(int minPrec, boolean noComma) {
    JqNode left = parseUnary(noComma);
    while (true) {
      int prec = precedence(noComma);
      if (prec < 0 || prec < minPrec) {
        return left;
      }
      String op = tok.text();
      int opStart = tok.start();
      advance();
      boolean rightAssoc = prec == PREC_ALT;
      JqNode right = parseBinary(rightAssoc ? prec : prec + 1, noComma);
      left = new Binary(op, left, right, opStart, left.start(), right.end());
      if ((prec == PREC_ASSIGN || prec == PREC_COMPARE) && precedence(noComma) == prec) {
        throw new JqSyntaxException(
            "operator " + tok.describe() + " cannot follow '" + op
                + "' without parentheses (it is non-associative)",
            tok.start());
      }
    }
  }

  private JqNode parseUnary(boolean noComma) {
    if (tok.is("-") || tok.is("+")) {
      enter();
      try {
        String op = tok.text();
        int start = tok.start();
        advance();
        JqNode operand = parseUnary(noComma);
        return new Negate(op, operand, start, operand.end());
      } finally {
        depth--;
      }
    }
    return parsePostfix(noComma, true);
  }

  private JqNode parsePostfix(boolean noComma, boolean allowAs) {
    JqNode node = parsePrimary(noComma);
    while (true) {
      if (tok.kind() == Kind.FIELD) {
        node = new Field(node, tok.text(), null, node.start(), tok.end());
        advance();
      } else if (tok.is(".")) {
        int dot = tok.start();
        advance();
        if (tok.kind() == Kind.QUOTE) {
          StringLit s = parseString(null, tok.start());
          node = new Field(node, s.literal(), s, node.start(), s.end());
        } else if (tok.is("[")) {
          node = bracket(node, node.start());
        } else {
          throw new JqSyntaxException(
              "expected a field name, a string or '[' after '.' but found " + tok.describe(),
              tok.kind() == Kind.EOF ? dot : tok.start());
        }
      } else if (tok.is("[")) {
        node = bracket(node, node.start());
      } else if (tok.is("?")) {
        node = new JqNode.Optional(node, node.start(), tok.end());
        advance();
      } else if (allowAs && tok.is("as")) {
        return parseAs(node, noComma);
      } else {
        return node;
      }
    }
  }

  /** {@code [e]}, {@code []}, {@code [e:e]}, {@code [e:]}, {@code [:e]} after {@code target} (null for {@code .}). */
  private JqNode bracket(JqNode target, int start) {
    advance(); // [
    if (tok.is("]")) {
      int end = tok.end();
      advance();
      return new Iterate(target, start, end);
    }
    if (tok.is(":")) {
      advance();
      JqNode to = parsePipe(false);
      int end = expect("]");
      return new Slice(target, null, to, start, end);
    }
    JqNode e = parsePipe(false);
    if (tok.is(":")) {
      advance();
      if (tok.is("]")) {
        int end = expect("]");
        return new Slice(target, e, null, start, end);
      }
      JqNode to = parsePipe(false);
      int end = expect("]");
      return new Slice(target, e, to, start, end);
    }
    int end = expect("]");
    return new Index(target, e, start, end);
  }

  private JqNode parseAs(JqNode source, boolean noComma) {
    int asStart = tok.start();
    advance();
    List<JqPattern> patterns = parsePatterns();
    expect("|");
    JqNode body = parsePipe(noComma);
    return new AsBinding(source, patterns, body, asStart, source.start(), body.end());
  }

  private JqNode parsePrimary(boolean noComma) {
    enter();
    try {
      return primary(noComma);
    } finally {
      depth--;
    }
  }

  private JqNode primary(boolean noComma) {
    Token t = tok;
    switch (t.kind()) {
      case NUMBER -> {
        advance();
        return new NumberLit(t.text(), t.start(), t.end());
      }
      case QUOTE -> {
        return parseString(null, t.start());
      }
      case FORMAT -> {
        advance();
        if (tok.kind() == Kind.QUOTE) {
          return parseString(t.text(), t.start());
        }
        return new Format(t.text(), t.start(), t.end());
      }
      case FIELD -> {
        advance();
        return new Field(null, t.text(), null, t.start(), t.end());
      }
      case VARIABLE -> {
        advance();
        return new VarRef(t.text(), t.start(), t.end());
      }
      case IDENT -> {
        return identifier();
      }
      case KEYWORD -> {
        return keyword(noComma);
      }
      case SYMBOL -> {
        return symbol();
      }
      default -> throw unexpected();
    }
  }

  private JqNode identifier() {
    Token t = tok;
    advance();
    if (t.text().equals("true") || t.text().equals("false") || t.text().equals("null")) {
      return new Constant(t.text(), t.start(), t.end());
    }
    List<JqNode> args = new ArrayList<>();
    int end = t.end();
    if (tok.is("(")) {
      advance();
      while (true) {
        args.add(parsePipe(false));
        if (tok.is(";")) {
          advance();
          continue;
        }
        end = expect(")");
        break;
      }
    }
    return new Call(t.text(), args, t.start(), end);
  }

  private JqNode symbol() {
    Token t = tok;
    switch (t.text()) {
      case "." -> {
        advance();
        if (tok.kind() == Kind.QUOTE) {
          StringLit s = parseString(null, tok.start());
          return new Field(null, s.literal(), s, t.start(), s.end());
        }
        if (tok.is("[")) {
          return bracket(null, t.start());
        }
        return new Identity(t.start(), t.end());
      }
      case ".." -> {
        advance();
        return new RecurseAll(t.start(), t.end());
      }
      case "(" -> {
        advance();
        JqNode body = parsePipe(false);
        int end = expect(")");
        return new Paren(body, t.start(), end);
      }
      case "[" -> {
        advance();
        if (tok.is("]")) {
          int end = tok.end();
          advance();
          return new ArrayCons(null, t.start(), end);
        }
        JqNode body = parsePipe(false);
        int end = expect("]");
        return new ArrayCons(body, t.start(), end);
      }
      case "{" -> {
        return parseObject();
      }
      default -> throw unexpected();
    }
  }

  private JqNode keyword(boolean noComma) {
    Token t = tok;
    switch (t.text()) {
      case "reduce" -> {
        advance();
        JqNode source = parsePostfix(false, false);
        expect("as");
        List<JqPattern> patterns = parsePatterns();
        expect("(");
        JqNode init = parsePipe(false);
        expect(";");
        JqNode update = parsePipe(false);
        int end = expect(")");
        return new Reduce(source, patterns, init, update, t.start(), end);
      }
      case "foreach" -> {
        advance();
        JqNode source = parsePostfix(false, false);
        expect("as");
        List<JqPattern> patterns = parsePatterns();
        expect("(");
        JqNode init = parsePipe(false);
        expect(";");
        JqNode update = parsePipe(false);
        JqNode extract = null;
        if (tok.is(";")) {
          advance();
          extract = parsePipe(false);
        }
        int end = expect(")");
        return new Foreach(source, patterns, init, update, extract, t.start(), end);
      }
      case "if" -> {
        return parseIf();
      }
      case "try" -> {
        advance();
        JqNode body = parsePostfix(noComma, false);
        JqNode handler = null;
        if (tok.is("catch")) {
          advance();
          handler = parsePostfix(noComma, false);
        }
        return new Try(body, handler, t.start(), handler == null ? body.end() : handler.end());
      }
      case "label" -> {
        advance();
        Token name = expectKind(Kind.VARIABLE, "a label name such as $out after 'label'");
        expect("|");
        JqNode body = parsePipe(noComma);
        return new Label(name.text(), body, t.start(), body.end());
      }
      case "break" -> {
        advance();
        Token name = expectKind(Kind.VARIABLE, "a label name such as $out after 'break'");
        return new Break(name.text(), t.start(), name.end());
      }
      case "def" -> {
        return parseFuncDef(noComma);
      }
      case "import", "include", "module" ->
        throw new JqSyntaxException(
            "'" + t.text() + "' is not allowed: a definition's expressions cannot load jq modules",
            t.start());
      default -> throw unexpected();
    }
  }

  private JqNode parseIf() {
    int start = tok.start();
    advance();
    List<JqNode> conditions = new ArrayList<>();
    List<JqNode> branches = new ArrayList<>();
    conditions.add(parsePipe(false));
    expect("then");
    branches.add(parsePipe(false));
    while (tok.is("elif")) {
      advance();
      conditions.add(parsePipe(false));
      expect("then");
      branches.add(parsePipe(false));
    }
    if (tok.is("else")) {
      advance();
      JqNode otherwise = parsePipe(false);
      int end = expect("end");
      return new If(conditions, branches, otherwise, start, end);
    }
    if (tok.is("end")) {
      throw new JqSyntaxException(
          "'if' without 'else' is not supported by the SDK's engine (jq 1.6); add 'else .' before 'end'",
          tok.start());
    }
    throw new JqSyntaxException(
        "expected 'elif', 'else' or 'end' but found " + tok.describe(), tok.start());
  }

  private JqNode parseFuncDef(boolean noComma) {
    int start = tok.start();
    advance();
    Token name = expectKind(Kind.IDENT, "a function name after 'def'");
    List<Param> params = new ArrayList<>();
    if (tok.is("(")) {
      advance();
      while (true) {
        if (tok.kind() == Kind.IDENT) {
          params.add(new Param(tok.text(), false, tok.start(), tok.end()));
        } else if (tok.kind() == Kind.VARIABLE) {
          params.add(new Param(tok.text(), true, tok.start(), tok.end()));
        } else {
          throw new JqSyntaxException(
              "expected a parameter name (f or $x) but found " + tok.describe(), tok.start());
        }
        advance();
        if (tok.is(";")) {
          advance();
          continue;
        }
        expect(")");
        break;
      }
    }
    expect(":");
    JqNode body = parsePipe(false);
    expect(";");
    JqNode rest = parsePipe(noComma);
    return new FuncDef(name.text(), params, body, rest, name.start(), start, rest.end());
  }

  private JqNode parseObject() {
    int start = tok.start();
    advance(); // {
    List<ObjectEntry> entries = new ArrayList<>();
    while (!tok.is("}")) {
      entries.add(parseObjectEntry());
      if (tok.is(",")) {
        advance();
      } else if (!tok.is("}")) {
        throw new JqSyntaxException(
            "expected ',' or '}' in the object but found " + tok.describe(), tok.start());
      }
    }
    int end = tok.end();
    advance();
    return new ObjectCons(entries, start, end);
  }

  private ObjectEntry parseObjectEntry() {
    Token t = tok;
    JqNode key;
    boolean needsValue = false;
    switch (t.kind()) {
      case VARIABLE -> {
        advance();
        key = new VarRef(t.text(), t.start(), t.end());
      }
      case IDENT, KEYWORD -> {
        advance();
        key = new Key(t.text(), t.start(), t.end());
      }
      case QUOTE -> key = parseString(null, t.start());
      case FORMAT -> {
        advance();
        if (tok.kind() != Kind.QUOTE) {
          throw new JqSyntaxException(
              "a format key needs a string after it, as in @base64 \"key\"", tok.start());
        }
        key = parseString(t.text(), t.start());
      }
      case NUMBER ->
        throw new JqSyntaxException(
            "object keys are names, strings, $variables or (expressions), not numbers", t.start());
      default -> {
        if (!tok.is("(")) {
          throw new JqSyntaxException(
              "expected an object key but found " + tok.describe(), tok.start());
        }
        advance();
        JqNode body = parsePipe(false);
        int end = expect(")");
        key = new Paren(body, t.start(), end);
        needsValue = true;
      }
    }
    if (tok.is(":")) {
      advance();
      JqNode value = parsePipe(true);
      return new ObjectEntry(key, value, t.start(), value.end());
    }
    if (needsValue) {
      throw new JqSyntaxException(
          "expected ':' after a computed key but found " + tok.describe(), tok.start());
    }
    return new ObjectEntry(key, null, t.start(), key.end());
  }

  // ---- patterns

  private List<JqPattern> parsePatterns() {
    List<JqPattern> out = new ArrayList<>();
    out.add(parsePattern());
    while (tok.is("?//")) {
      advance();
      out.add(parsePattern());
    }
    return out;
  }

  private JqPattern parsePattern() {
    enter();
    try {
      Token t = tok;
      if (t.kind() == Kind.VARIABLE) {
        advance();
        return new JqPattern.Var(t.text(), t.start(), t.end());
      }
      if (t.is("[")) {
        advance();
        List<JqPattern> elements = new ArrayList<>();
        while (true) {
          elements.add(parsePattern());
          if (tok.is(",")) {
            advance();
            continue;
          }
          int end = expect("]");
          return new JqPattern.ArrayPattern(elements, t.start(), end);
        }
      }
      if (t.is("{")) {
        advance();
        List<JqPattern.Entry> entries = new ArrayList<>();
        while (true) {
          entries.add(patternEntry());
          if (tok.is(",")) {
            advance();
            continue;
          }
          int end = expect("}");
          return new JqPattern.ObjectPattern(entries, t.start(), end);
        }
      }
      throw new JqSyntaxException(
          "expected a pattern ($name, [...] or {...}) but found " + t.describe(), t.start());
    } finally {
      depth--;
    }
  }

  private JqPattern.Entry patternEntry() {
    Token t = tok;
    if (t.kind() == Kind.VARIABLE) {
      advance();
      JqPattern.Var v = new JqPattern.Var(t.text(), t.start(), t.end());
      if (tok.is(":")) {
        advance();
        JqPattern value = parsePattern();
        return new JqPattern.Entry(v, null, value, t.start(), value.end());
      }
      return new JqPattern.Entry(v, null, null, t.start(), t.end());
    }
    JqNode key;
    if (t.kind() == Kind.IDENT || t.kind() == Kind.KEYWORD) {
      advance();
      key = new Key(t.text(), t.start(), t.end());
    } else if (t.kind() == Kind.QUOTE) {
      key = parseString(null, t.start());
    } else if (t.is("(")) {
      advance();
      JqNode body = parsePipe(false);
      int end = expect(")");
      key = new Paren(body, t.start(), end);
    } else {
      throw new JqSyntaxException(
          "expected a key of an object pattern but found " + t.describe(), t.start());
    }
    expect(":");
    JqPattern value = parsePattern();
    return new JqPattern.Entry(null, key, value, t.start(), value.end());
  }

  // ---- strings

  /**
   * Reads a string literal whose opening quote is the current token; {@code start} is where the literal (or its
   * format) starts.
   */
  private StringLit parseString(String format, int start) {
    int quote = tok.start();
    int i = tok.end();
    int n = src.length();
    List<JqNode> parts = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    int[] offsets = new int[16];
    int textStart = i;
    while (true) {
      if (i >= n) {
        throw new JqSyntaxException("unterminated string (the '\"' here is never closed)", quote);
      }
      char c = src.charAt(i);
      if (c == '"') {
        flush(parts, sb, offsets, textStart, i);
        i++;
        break;
      }
      if (c != '\\') {
        offsets = put(offsets, sb.length(), i);
        sb.append(c);
        i++;
        continue;
      }
      if (i + 1 >= n) {
        throw new JqSyntaxException("unterminated string (the '\"' here is never closed)", quote);
      }
      char d = src.charAt(i + 1);
      if (d == '(') {
        flush(parts, sb, offsets, textStart, i);
        sb.setLength(0);
        lexer.reset(i + 2);
        advance();
        enter();
        JqNode e;
        try {
          e = parsePipe(false);
        } finally {
          depth--;
        }
        if (!tok.is(")")) {
          throw new JqSyntaxException(
              "expected ')' to close the string interpolation but found " + tok.describe(),
              tok.start());
        }
        parts.add(e);
        i = tok.end();
        textStart = i;
        continue;
      }
      char decoded;
      int width = 2;
      switch (d) {
        case '"', '\\', '/' -> decoded = d;
        case 'b' -> decoded = '\b';
        case 'f' -> decoded = '\f';
        case 'n' -> decoded = '\n';
        case 'r' -> decoded = '\r';
        case 't' -> decoded = '\t';
        case 'u' -> {
          if (i + 6 > n || !isHex(src, i + 2, i + 6)) {
            throw new JqSyntaxException("invalid \\u escape: four hex digits expected", i);
          }
          decoded = (char) Integer.parseInt(src.substring(i + 2, i + 6), 16);
          width = 6;
        }
        default ->
          throw new JqSyntaxException(
              "invalid escape '\\" + JqLexer.printable(d)
                  + "' in a string (use \\\\ for a backslash)",
              i);
      }
      offsets = put(offsets, sb.length(), i);
      sb.append(decoded);
      i += width;
    }
    lexer.reset(i);
    advance();
    return new StringLit(format, parts, start, i);
  }

  private static void flush(
      List<JqNode> parts, StringBuilder sb, int[] offsets, int textStart, int end) {
    if (sb.length() > 0) {
      parts.add(new Text(sb.toString(), Arrays.copyOf(offsets, sb.length()), textStart, end));
      sb.setLength(0);
    }
  }

  private static int[] put(int[] offsets, int index, int value) {
    int[] out = index < offsets.length ? offsets : Arrays.copyOf(offsets, offsets.length * 2);
    out[index] = value;
    return out;
  }

  private static boolean isHex(String s, int from, int to) {
    for (int k = from; k < to; k++) {
      if (Character.digit(s.charAt(k), 16) < 0) {
        return false;
      }
    }
    return true;
  }

  // ---- tokens

  private void advance() {
    tok = lexer.next();
  }

  private void enter() {
    if (++depth > MAX_DEPTH) {
      throw new JqSyntaxException(
          "the expression is nested too deeply (more than " + MAX_DEPTH + " levels)", tok.start());
    }
  }

  /** Consumes {@code symbol} (or keyword) and returns its end offset. */
  private int expect(String symbol) {
    if (!tok.is(symbol)) {
      throw new JqSyntaxException(
          "expected '" + symbol + "' but found " + tok.describe(), tok.start());
    }
    int end = tok.end();
    advance();
    return end;
  }

  private Token expectKind(Kind kind, String what) {
    if (tok.kind() != kind) {
      throw new JqSyntaxException("expected " + what + " but found " + tok.describe(), tok.start());
    }
    Token t = tok;
    advance();
    return t;
  }

  private JqSyntaxException unexpected() {
    if (tok.kind() == Kind.EOF) {
      return new JqSyntaxException("unexpected end of expression", tok.start());
    }
    return new JqSyntaxException("unexpected " + tok.describe(), tok.start());
  }
}
