package dev.workloadmap.sdk.verify;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a definitions directory the way {@link Verifier} reads it: {@code <root>/<name>/definition.yaml} and
 * {@code <root>/<name>/fixtures/<case>/...}. The YAML texts below are laid out so that tests can name exact lines
 * and columns.
 */
final class Layout {

  /**
   * A Trainer with one child component {@code group}, one instance per {@code .spec.groups[]} entry. Line 21, column
   * 11 is the {@code replicasPath} key; tests derive broken definitions by replacing that line, so the position holds.
   */
  static final String TRAINER = """
      apiVersion: run.ai/v1alpha1
      kind: Karta
      metadata:
        name: trainer
      spec:
        structureDefinition:
          rootComponent:
            name: trainer
            kind: {group: example.com, version: v1, kind: Trainer}
            statusDefinition:
              phaseDefinition: {path: .status.phase}
              statusMappings:
                running: [{byPhase: Running}]
          childComponents:
            - name: group
              ownerRef: trainer
              instanceIdPath: .spec.groups[].name
              specDefinition:
                podTemplateSpecPath: .spec.groups[].template
              scaleDefinition:
                replicasPath: .spec.groups[].replicas
              podSelector:
                componentTypeSelector:
                  keyPath: '.metadata.labels["example.com/group"]'
                componentInstanceSelector:
                  idPath: '.metadata.labels["example.com/group"]'
      """;

  /** The replicasPath line of {@link #TRAINER} (line 21), for replacing. */
  static final String REPLICAS_LINE = "          replicasPath: .spec.groups[].replicas\n";

  /** One leader and three workers, 2 GPUs per pod: 4 pods, 8 GPUs; phase Running. */
  static final String DEMO = """
      apiVersion: example.com/v1
      kind: Trainer
      metadata: {name: demo, namespace: ml}
      spec:
        groups:
          - name: leader
            replicas: 1
            template:
              spec:
                containers:
                  - name: main
                    resources: {limits: {nvidia.com/gpu: 2}}
          - name: worker
            replicas: 3
            template:
              spec:
                containers:
                  - name: main
                    resources: {limits: {nvidia.com/gpu: 2}}
      status: {phase: Running}
      """;

  /** What {@link #DEMO} resolves to, as a subset of the tree's JSON form. */
  static final String DEMO_EXPECTED = """
      statuses: [Running]
      total:
        replicas: 4
        resources: {gpus: 8}
      root:
        children:
          - name: group
            instances:
              - id: leader
                replicas: 1
              - id: worker
                replicas: 3
      """;

  /**
   * A hand-written CRD for {@link #TRAINER}'s root kind {@code example.com/v1 Trainer}: {@code spec.groups[]} with
   * {@code name}, integer {@code replicas} and an open {@code template}; {@code status.phase} and {@code
   * status.conditions[]} whose items require {@code type}, {@code status} and {@code lastTransitionTime}. Line 34 is
   * the {@code lastTransitionTime} required entry.
   */
  static final String TRAINER_CRD = """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: trainers.example.com}
      spec:
        group: example.com
        names: {kind: Trainer, plural: trainers}
        scope: Namespaced
        versions:
          - name: v1
            served: true
            storage: true
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  spec:
                    type: object
                    properties:
                      groups:
                        type: array
                        items:
                          type: object
                          required: [name]
                          properties:
                            name: {type: string}
                            replicas: {type: integer}
                            template: {type: object, x-kubernetes-preserve-unknown-fields: true}
                  status:
                    type: object
                    properties:
                      phase: {type: string}
                      conditions:
                        type: array
                        items:
                          type: object
                          required: [type, status, lastTransitionTime]
                          properties:
                            type: {type: string}
                            status: {type: string}
                            lastTransitionTime: {type: string, format: date-time}
      """;

  final Path root;

  Layout(Path root) {
    this.root = root;
  }

  /** {@code <root>/<name>/definition.yaml}. */
  Path definition(String name, String yaml) {
    return write(root.resolve(name).resolve(Verifier.DEFINITION_FILE), yaml);
  }

  /** {@code <root>/<definition>/fixtures/<fixture>/<file>}. */
  Path file(String definition, String fixture, String file, String content) {
    return write(fixtureDir(definition, fixture).resolve(file), content);
  }

  Path fixtureDir(String definition, String fixture) {
    return root.resolve(definition).resolve("fixtures").resolve(fixture);
  }

  /** A fixture with {@code object.yaml} and {@code expected.yaml}. */
  void fixture(String definition, String fixture, String object, String expected) {
    file(definition, fixture, "object.yaml", object);
    file(definition, fixture, "expected.yaml", expected);
  }

  static Path write(Path file, String content) {
    try {
      Files.createDirectories(file.getParent());
      return Files.writeString(file, content, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
