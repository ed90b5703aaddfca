// Stripe's request encoding, read back: `application/x-www-form-urlencoded` bodies and query strings with bracketed
// keys (`items[0][price]=…`, `expand[]=…` or the SDK's `expand[0]=…`, `metadata[userId]=7`). Values stay strings;
// the contract check gives them their types.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** `a[b][0]` → ["a", "b", "0"]; `expand[]` → ["expand", ""] (an append). */
function keyPath(key: string): string[] {
  const open = key.indexOf("[");
  if (open < 0) return [key];
  const segments = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) segments.push(match[1]!);
  return segments;
}

/** Objects whose keys are all indexes become arrays, in index order. */
function withArrays(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, withArrays(value[key]!)]));
  if (keys.length === 0 || !keys.every((key) => /^\d+$/.test(key))) return converted;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
}

export function decodeStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    let node = root;
    path.forEach((segment, index) => {
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === "string" || Array.isArray(next)) throw new Error(`Form key ${key} conflicts with another`);
      node = node[name] = next ?? {};
    });
  }
  return withArrays(root) as FormObject;
}
