#!/usr/bin/env python3
"""Derives the Karta CRD manifest from the JSON Schema (run from the repository root).

    python3 schema/src/build/crd_from_schema.py > \
        schema/src/main/resources/META-INF/workloadmap/crd/karta.run.ai.yaml

The JSON Schema is the single source; the CRD's openAPIV3Schema is its current form (`$defs/Karta`) rewritten as a
Kubernetes *structural* schema:
  * every $ref is inlined (structural schemas have no references);
  * `additionalProperties: false` is dropped: an API server prunes unknown fields, or rejects them under strict
    field validation (the kubectl default);
  * `const` becomes a one-value `enum` (OpenAPI 3.0 has no `const`);
  * `uniqueItems` is dropped (forbidden in CRDs); `x-kubernetes-list-type: set` carries the meaning;
  * the two rules of spec 3.7 (`anyOf` of required keyPath/matchLabels, `dependentRequired` value -> keyPath)
    become CEL `x-kubernetes-validations` with the messages of the reference CRD;
  * `metadata` is `type: object` only: the API server validates ObjectMeta itself;
  * `title`, `examples` and the `x-workloadmap-*` annotations are dropped.
"""
import json
import sys

import yaml

SCHEMA = "schema/src/main/resources/META-INF/workloadmap/schema/workloadmap-definition.schema.json"
DROP = {"title", "examples", "additionalProperties", "uniqueItems", "patternErrorMessage", "deprecated",
        "$schema", "$id", "anyOf", "dependentRequired"}


def convert(node, defs):
    if isinstance(node, list):
        return [convert(x, defs) for x in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target = defs[node["$ref"].split("/")[-1]]
        merged = dict(target)
        merged.update({k: v for k, v in node.items() if k != "$ref"})
        return convert(merged, defs)
    out = {}
    for key, value in node.items():
        if key.startswith("x-workloadmap-"):
            continue
        if key == "additionalProperties" and isinstance(value, dict):
            out[key] = convert(value, defs)
            continue
        if key in DROP:
            continue
        if key == "const":
            out["enum"] = [value]
            continue
        if key == "properties":
            out[key] = {name: convert(sub, defs) for name, sub in value.items()}
            continue
        out[key] = convert(value, defs)
    if "dependentRequired" in node or node.get("anyOf"):
        out["x-kubernetes-validations"] = [
            {"rule": "has(self.keyPath) || has(self.matchLabels)",
             "message": "at least one of keyPath or matchLabels must be set"},
            {"rule": "!has(self.value) || has(self.keyPath)", "message": "value requires keyPath"},
        ]
    return out


def main():
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    defs = schema["$defs"]
    root = convert(defs["Karta"], defs)
    root["properties"]["apiVersion"] = {"type": "string"}
    root["properties"]["kind"] = {"type": "string"}
    root["properties"]["metadata"] = {"type": "object"}
    root["properties"]["status"] = {
        "description": "Written only by the operator; the SDK never requires it.",
        "type": "object",
        "properties": {
            "conditions": {
                "type": "array",
                "x-kubernetes-list-type": "map",
                "x-kubernetes-list-map-keys": ["type"],
                "items": {
                    "type": "object",
                    "required": ["type", "status"],
                    "properties": {
                        "type": {"type": "string"},
                        "status": {"type": "string", "enum": ["True", "False", "Unknown"]},
                        "reason": {"type": "string"},
                        "message": {"type": "string"},
                        "observedGeneration": {"type": "integer", "format": "int64"},
                        "lastTransitionTime": {"type": "string", "format": "date-time"},
                    },
                },
            }
        },
    }
    root["required"] = ["spec"]
    crd = {
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "kartas.run.ai"},
        "spec": {
            "group": "run.ai",
            "names": {"kind": "Karta", "listKind": "KartaList", "plural": "kartas", "singular": "karta",
                      "shortNames": ["krt"]},
            "scope": "Cluster",
            "versions": [{
                "name": "v1alpha1",
                "served": True,
                "storage": True,
                "subresources": {"status": {}},
                "additionalPrinterColumns": [
                    {"name": "Framework", "type": "string",
                     "jsonPath": ".spec.structureDefinition.rootComponent.kind.kind"},
                    {"name": "Root Component", "type": "string",
                     "jsonPath": ".spec.structureDefinition.rootComponent.name"},
                    {"name": "Age", "type": "date", "jsonPath": ".metadata.creationTimestamp"},
                ],
                "schema": {"openAPIV3Schema": root},
            }],
        },
    }
    sys.stdout.write("# Generated from workloadmap-definition.schema.json by schema/src/build/crd_from_schema.py;\n"
                     "# do not edit by hand. Install with: kubectl create -f karta.run.ai.yaml\n")
    yaml.safe_dump(crd, sys.stdout, sort_keys=False, width=120, allow_unicode=True)


if __name__ == "__main__":
    main()
