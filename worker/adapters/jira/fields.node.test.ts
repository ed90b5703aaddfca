import { describe, expect, it } from "vitest";
import { storyDescription } from "./adf";
import {
  interpretCreateFields,
  issueFields,
  STORY_POINTS_CUSTOM_TYPE,
  type CreateMetaField,
  type IssueFieldsInput,
} from "./fields";
import type { JiraCreateFields } from "./index";

const field = (
  fieldId: string,
  name: string,
  schema: CreateMetaField["schema"],
  extra: Partial<CreateMetaField> = {},
): CreateMetaField => ({
  fieldId,
  key: fieldId,
  name,
  required: false,
  operations: ["set"],
  schema,
  ...extra,
});

const BASE = [
  field("summary", "Summary", { type: "string", system: "summary" }, { required: true }),
  field("issuetype", "Issue Type", { type: "issuetype", system: "issuetype" }, { required: true }),
];
const PRIORITY = field(
  "priority",
  "Priority",
  { type: "priority", system: "priority" },
  {
    allowedValues: [
      { self: "https://acme.atlassian.net/rest/api/3/priority/1", id: "1", name: "Highest", iconUrl: "x" },
      { id: "3", name: "Medium" },
      { name: "no id" },
    ],
  },
);

describe("interpretCreateFields", () => {
  it("finds team-managed story points by the field's custom type, whatever its name or id", () => {
    const meta = interpretCreateFields([
      ...BASE,
      field("customfield_10099", "Estimate", { type: "number", custom: STORY_POINTS_CUSTOM_TYPE, customId: 10099 }),
    ]);
    expect(meta.storyPointsFieldId).toBe("customfield_10099");
  });

  it("else a number field named Story Points or Story point estimate, in any case", () => {
    const float = "com.atlassian.jira.plugin.system.customfieldtypes:float";
    expect(
      interpretCreateFields([...BASE, field("customfield_10028", " story POINTS ", { type: "number", custom: float })])
        .storyPointsFieldId,
    ).toBe("customfield_10028");
    expect(
      interpretCreateFields([
        ...BASE,
        field("customfield_10030", "Story point estimate", { type: "number", custom: float }),
      ]).storyPointsFieldId,
    ).toBe("customfield_10030");
    expect(
      interpretCreateFields([...BASE, field("customfield_10031", "Story Points", { type: "string" })])
        .storyPointsFieldId,
    ).toBeNull();
    expect(
      interpretCreateFields([...BASE, field("customfield_10032", "Points", { type: "number" })]).storyPointsFieldId,
    ).toBeNull();
  });

  it("prefers the custom type over a field found by name", () => {
    const meta = interpretCreateFields([
      ...BASE,
      field("customfield_10028", "Story Points", { type: "number" }),
      field("customfield_10016", "Story point estimate", { type: "number", custom: STORY_POINTS_CUSTOM_TYPE }),
    ]);
    expect(meta.storyPointsFieldId).toBe("customfield_10016");
  });

  it("reads the priorities, time tracking, labels and parent, and nulls what is absent", () => {
    expect(
      interpretCreateFields([
        ...BASE,
        PRIORITY,
        field("timetracking", "Time tracking", { type: "timetracking", system: "timetracking" }),
        field("labels", "Labels", { type: "array", items: "string", system: "labels" }),
        field("parent", "Parent", { type: "issuelink", system: "parent" }),
      ]),
    ).toEqual({
      priorities: [
        { id: "1", name: "Highest" },
        { id: "3", name: "Medium" },
      ],
      storyPointsFieldId: null,
      timeTracking: true,
      labels: true,
      parent: true,
    });
    expect(interpretCreateFields(BASE)).toEqual({
      priorities: null,
      storyPointsFieldId: null,
      timeTracking: false,
      labels: false,
      parent: false,
    });
    expect(
      interpretCreateFields([...BASE, field("priority", "Priority", { type: "priority", system: "priority" })])
        .priorities,
    ).toEqual([]);
  });
});

const ALL: JiraCreateFields = {
  priorities: [
    { id: "1", name: "Highest" },
    { id: "2", name: "High" },
    { id: "3", name: "Medium" },
  ],
  storyPointsFieldId: "customfield_10016",
  timeTracking: true,
  labels: true,
  parent: true,
};
const NONE: JiraCreateFields = {
  priorities: null,
  storyPointsFieldId: null,
  timeTracking: false,
  labels: false,
  parent: false,
};

const input = (over: Partial<IssueFieldsInput> = {}): IssueFieldsInput => ({
  projectKey: "SL",
  issueTypeId: "10001",
  summary: "Pay by card",
  description: storyDescription({ description: "Cards.", acceptanceCriteria: [], evidence: [] }),
  priority: "High",
  storyPoints: 5,
  estimatedHours: 8,
  labels: ["storyloom-export-1"],
  parentKey: "SL-1",
  ...over,
});

describe("issueFields", () => {
  it("sets everything the metadata allows", () => {
    const fields = issueFields(input(), ALL);
    expect(fields).toEqual({
      project: { key: "SL" },
      issuetype: { id: "10001" },
      summary: "Pay by card",
      description: {
        type: "doc",
        version: 1,
        content: [{ type: "paragraph", content: [{ type: "text", text: "Cards." }] }],
      },
      priority: { id: "2" },
      customfield_10016: 5,
      timetracking: { originalEstimate: "8h" },
      labels: ["storyloom-export-1"],
      parent: { key: "SL-1" },
    });
  });

  it("sets only the project, type, summary and description when the type has nothing else", () => {
    expect(Object.keys(issueFields(input(), NONE))).toEqual(["project", "issuetype", "summary", "description"]);
  });

  it("matches the priority by name in any case, and leaves it out when JIRA has no such priority", () => {
    expect(
      issueFields(input({ priority: "Highest" }), { ...ALL, priorities: [{ id: "9", name: "HIGHEST" }] }).priority,
    ).toEqual({ id: "9" });
    expect(issueFields(input({ priority: "Lowest" }), ALL)).not.toHaveProperty("priority");
    expect(issueFields(input({ priority: undefined }), ALL)).not.toHaveProperty("priority");
  });

  it("sends zero story points, and an estimate only when there are hours", () => {
    expect(issueFields(input({ storyPoints: 0 }), ALL).customfield_10016).toBe(0);
    expect(issueFields(input({ storyPoints: undefined }), ALL)).not.toHaveProperty("customfield_10016");
    expect(issueFields(input({ estimatedHours: 0 }), ALL)).not.toHaveProperty("timetracking");
    expect(issueFields(input({ estimatedHours: 1.5 }), ALL).timetracking).toEqual({ originalEstimate: "90m" });
  });

  it("leaves out labels and parent when there are none or the type cannot take them", () => {
    expect(issueFields(input({ labels: [" ", ""] }), ALL)).not.toHaveProperty("labels");
    expect(issueFields(input({ labels: ["a", "a", " b "] }), ALL).labels).toEqual(["a", "b"]);
    expect(issueFields(input({ parentKey: undefined }), ALL)).not.toHaveProperty("parent");
  });

  it("keeps the summary on one line within JIRA's 255 characters, and leaves out an empty description", () => {
    const long = issueFields(input({ summary: `  ${"a".repeat(300)}  ` }), ALL).summary as string;
    expect(long).toHaveLength(255);
    expect(long.endsWith("…")).toBe(true);
    expect(issueFields(input({ summary: " Pay\nby  card " }), ALL).summary).toBe("Pay by card");
    expect(issueFields(input({ description: { type: "doc", version: 1, content: [] } }), ALL)).not.toHaveProperty(
      "description",
    );
  });
});
