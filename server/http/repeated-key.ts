/** The characters that open or close a string, an object or an array: all the scan stops at. */
const STRUCTURE = /["{}[\]]/g;
const WHITESPACE = /\s/;

/**
 * The first key that one object of `json` names twice, decoded (`"a"` and `"\u0061"` are one
 * key), or undefined. JSON.parse keeps the last copy silently, so a body could mean one thing to
 * whatever read it on the way (a proxy, a log, a WAF keeping the first copy) and another here:
 * the body policy refuses such a body instead. `json` must be text JSON.parse accepted; the scan
 * jumps from one quote or bracket to the next, so a large body costs little.
 */
export function repeatedKey(json: string): string | undefined {
  // One set of keys per open object; null for an open array.
  const open: (Set<string> | null)[] = [];
  STRUCTURE.lastIndex = 0;
  for (let match = STRUCTURE.exec(json); match !== null; match = STRUCTURE.exec(json)) {
    const at = match.index;
    const char = json[at];
    if (char === '{') open.push(new Set());
    else if (char === '[') open.push(null);
    else if (char === '}' || char === ']') open.pop();
    else {
      const end = closingQuote(json, at);
      STRUCTURE.lastIndex = end + 1;
      const keys = open.at(-1);
      if (!keys || !followedByColon(json, end + 1)) continue;
      const raw = json.slice(at + 1, end);
      const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
      if (keys.has(key)) return key;
      keys.add(key);
    }
  }
  return undefined;
}

/** The index of the quote that ends the string opened at `start` (one not escaped by a backslash). */
function closingQuote(json: string, start: number): number {
  let end = json.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (json[end - 1 - backslashes] === '\\') backslashes += 1;
    if (backslashes % 2 === 0) return end;
    end = json.indexOf('"', end + 1);
  }
}

/** Whether the string just closed is a key: the next character other than whitespace is a colon. */
function followedByColon(json: string, from: number): boolean {
  let index = from;
  while (index < json.length && WHITESPACE.test(json[index] ?? '')) index += 1;
  return json[index] === ':';
}

/** A key as a refusal names it: a key a stranger made a megabyte long is not sent back whole. */
export function shortKey(key: string): string {
  return key.length > 64 ? `${key.slice(0, 64)}…` : key;
}
