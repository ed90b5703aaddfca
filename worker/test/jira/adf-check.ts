// What JIRA checks in an Atlassian Document Format description (version 1), for the nodes a story description can
// hold: the document's node types and where each may appear, required attributes, no unknown keys, and no empty text
// nodes (ADF's text has minLength 1). The fake JIRA refuses a description with any problem, as JIRA does.

type Node = Record<string, unknown>;

const INLINE = new Set(["text", "hardBreak"]);
const BLOCK = new Set(["paragraph", "heading", "bulletList", "orderedList", "blockquote", "codeBlock", "rule"]);
const MARKS = new Set(["strong", "em", "code", "strike", "underline", "link"]);

/** The child types each node allows (null: no content), and whether it must have at least one. */
const CHILDREN: Record<string, { allowed: Set<string> | null; atLeastOne: boolean }> = {
  doc: { allowed: BLOCK, atLeastOne: false },
  paragraph: { allowed: INLINE, atLeastOne: false },
  heading: { allowed: INLINE, atLeastOne: false },
  bulletList: { allowed: new Set(["listItem"]), atLeastOne: true },
  orderedList: { allowed: new Set(["listItem"]), atLeastOne: true },
  listItem: { allowed: new Set(["paragraph", "bulletList", "orderedList", "codeBlock"]), atLeastOne: true },
  blockquote: { allowed: new Set(["paragraph", "bulletList", "orderedList", "codeBlock"]), atLeastOne: true },
  codeBlock: { allowed: new Set(["text"]), atLeastOne: false },
  rule: { allowed: null, atLeastOne: false },
  text: { allowed: null, atLeastOne: false },
  hardBreak: { allowed: null, atLeastOne: false },
};

const isObject = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function extraKeys(node: Node, allowed: string[]): string[] {
  return Object.keys(node).filter((key) => !allowed.includes(key));
}

function check(node: unknown, at: string, problems: string[]): void {
  if (!isObject(node) || typeof node.type !== "string") {
    problems.push(`${at}: not an ADF node`);
    return;
  }
  const rule = CHILDREN[node.type];
  if (!rule || node.type === "doc") {
    problems.push(`${at}: '${String(node.type)}' is not a node this description may hold`);
    return;
  }
  const keys = ["type", ...(rule.allowed ? ["content"] : []), "attrs"];
  if (node.type === "text") keys.push("text", "marks");
  for (const key of extraKeys(node, keys)) problems.push(`${at}: unknown key '${key}'`);

  if (node.type === "text") {
    if (typeof node.text !== "string" || node.text.length === 0)
      problems.push(`${at}: a text node needs non-empty text`);
    if (node.marks !== undefined) {
      if (!Array.isArray(node.marks)) problems.push(`${at}: marks must be an array`);
      else
        node.marks.forEach((mark, i) => {
          if (!isObject(mark) || !MARKS.has(String(mark.type))) problems.push(`${at}/marks/${i}: unknown mark`);
        });
    }
  }
  if (node.type === "heading") {
    const level = isObject(node.attrs) ? node.attrs.level : undefined;
    if (typeof level !== "number" || !Number.isInteger(level) || level < 1 || level > 6)
      problems.push(`${at}: a heading needs attrs.level 1-6`);
  } else if (node.attrs !== undefined && !isObject(node.attrs)) {
    problems.push(`${at}: attrs must be an object`);
  }
  children(node, rule, at, problems);
}

function children(
  node: Node,
  rule: { allowed: Set<string> | null; atLeastOne: boolean },
  at: string,
  problems: string[],
): void {
  if (node.content === undefined) {
    if (rule.atLeastOne) problems.push(`${at}: '${String(node.type)}' needs content`);
    return;
  }
  if (!rule.allowed) {
    problems.push(`${at}: '${String(node.type)}' has no content`);
    return;
  }
  if (!Array.isArray(node.content)) {
    problems.push(`${at}: content must be an array`);
    return;
  }
  if (rule.atLeastOne && node.content.length === 0)
    problems.push(`${at}: '${String(node.type)}' needs at least one child`);
  node.content.forEach((child, i) => {
    const type = isObject(child) ? String(child.type) : "?";
    if (!rule.allowed!.has(type))
      problems.push(`${at}/content/${i}: '${type}' cannot be inside '${String(node.type)}'`);
    else check(child, `${at}/content/${i}`, problems);
  });
}

/** Everything JIRA would refuse in a description; empty when it is a valid ADF document. */
export function adfProblems(doc: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(doc) || doc.type !== "doc") return ["/: not an ADF document (type 'doc')"];
  if (doc.version !== 1) problems.push("/version: must be 1");
  for (const key of extraKeys(doc, ["type", "version", "content"])) problems.push(`/: unknown key '${key}'`);
  children(doc, CHILDREN.doc!, "", problems);
  return problems;
}
