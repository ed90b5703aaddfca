import { describe, expect, it } from "vitest";
import { generatedStoriesSchema, STORY_PRIORITIES } from "../../../schema/api/transcripts";
import { modelOutputSchema, parseModelOutput, requestedOutputSchema, storiesJsonSchema } from "./model-output";

// OpenAI's strict structured output accepts only a subset of JSON Schema. These are its rules, checked on the schema
// generated from the story schema, so a change to the story shape cannot silently break the OpenAI provider.
const ALLOWED_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "description",
  "$defs",
  "$ref",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "pattern",
  "format",
]);

type Node = Record<string, unknown>;

function* nodes(node: Node, path = "$"): Generator<[string, Node]> {
  yield [path, node];
  for (const [key, child] of Object.entries((node.properties as Record<string, Node>) ?? {}))
    yield* nodes(child, `${path}.${key}`);
  if (node.items) yield* nodes(node.items as Node, `${path}[]`);
  for (const [i, option] of ((node.anyOf as Node[]) ?? []).entries()) yield* nodes(option, `${path}|${i}`);
}

describe("the JSON Schema sent to the models", () => {
  const schema = storiesJsonSchema();

  it("follows OpenAI strict mode: an object root, closed objects with every property required, supported keywords only", () => {
    expect(schema.type).toBe("object");
    for (const [path, node] of nodes(schema)) {
      for (const keyword of Object.keys(node)) expect(ALLOWED_KEYWORDS.has(keyword), `${path}: ${keyword}`).toBe(true);
      if (node.type === "object") {
        expect(node.additionalProperties, path).toBe(false);
        expect([...((node.required as string[]) ?? [])].sort(), path).toEqual(
          Object.keys(node.properties as Node).sort(),
        );
      }
    }
  });

  it("asks for the story shape: every field of a story, quotes as evidence, the prompt's priorities and points", () => {
    const epic = (schema.properties as Record<string, Node>).epic!;
    const story = ((schema.properties as Record<string, Node>).userStories!.items as Node).properties as Record<
      string,
      Node
    >;
    expect(Object.keys(epic.properties as Node).sort()).toEqual(
      Object.keys(generatedStoriesSchema.shape.epic.shape).sort(),
    );
    expect(Object.keys(story).sort()).toEqual(
      Object.keys(generatedStoriesSchema.shape.userStories.element.shape).sort(),
    );
    expect((story.evidence!.items as Node).properties).toEqual({ quote: { type: "string" } });
    expect(story.priority!.enum).toEqual(["High", "Medium", "Low"]);
    expect(story.storyPoints!.enum).toEqual([1, 2, 3, 5, 8, 13]);
  });

  it("only asks for answers that are accepted: what the schema requests parses as model output and as stories", () => {
    const answer = {
      epic: { title: "Invoices", description: "Self-serve", timeline: "", team: "", priority: "High" },
      userStories: [
        {
          title: "Download",
          description: "As a user…",
          acceptanceCriteria: ["A PDF"],
          priority: "Low",
          storyPoints: 13,
          estimatedHours: 20,
          evidence: [{ quote: "x" }],
        },
      ],
    };
    expect(requestedOutputSchema.safeParse(answer).success).toBe(true);
    expect(modelOutputSchema.safeParse(answer).success).toBe(true);
    // Accepted back but not asked for: the five editor priorities (a model that drifts is not punished for it).
    for (const priority of STORY_PRIORITIES) {
      const drifted = { ...answer, userStories: [{ ...answer.userStories[0]!, priority }] };
      expect(modelOutputSchema.safeParse(drifted).success).toBe(true);
    }
  });
});

describe("parseModelOutput", () => {
  it("cleans a title a model copied a direction mark or a line break into, rather than refusing the answer", () => {
    const answer = {
      epic: { title: "Invoices\u202e", description: "", team: "", priority: "High" },
      userStories: [
        {
          title: "Download\nas PDF",
          description: "",
          acceptanceCriteria: [],
          priority: "Low",
          storyPoints: 1,
          estimatedHours: 1,
        },
      ],
    };
    const parsed = parseModelOutput(JSON.stringify(answer));
    expect(parsed.epic.title).toBe("Invoices");
    expect(parsed.userStories[0]!.title).toBe("Download as PDF");
  });
});
