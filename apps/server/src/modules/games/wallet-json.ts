/*
 * Hub88 amounts are int64: JSON.parse reads every number as a double, so "356000.000000000001"
 * reads as 356000 and digits past 2^53 are lost. The wallet reads the amount's own text too, and
 * takes only plain digits (the schema then bounds the value below 2^53, where the double is exact).
 */

/** Whether the top-level `amount` of this JSON text, if it is a number, is written as plain digits. */
export function amountIsPlainDigits(raw: string): boolean {
  const literal = topLevelNumbers(raw).get('amount');
  return literal === undefined || /^(?:0|[1-9][0-9]*)$/.test(literal);
}

const NUMBER = /-?[0-9][0-9.eE+-]*/y;

/**
 * The text of every number that is a value of the top-level object, by key (of a key given twice,
 * the last, as JSON.parse keeps). For text JSON.parse accepted: it only tracks strings and depth.
 */
function topLevelNumbers(raw: string): Map<string, string> {
  const found = new Map<string, string>();
  let depth = 0;
  let key = '';
  /** After a top-level key's colon, before its value. */
  let valueNext = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '"') {
      const end = stringEnd(raw, i);
      if (depth === 1 && !valueNext) key = JSON.parse(raw.slice(i, end + 1)) as string;
      valueNext = false;
      i = end;
    } else if (c === '{' || c === '[') {
      depth += 1;
      valueNext = false;
    } else if (c === '}' || c === ']') {
      depth -= 1;
    } else if (c === ':') {
      valueNext = depth === 1;
    } else if (c === ',') {
      valueNext = false;
    } else if (valueNext && (c === '-' || (c >= '0' && c <= '9'))) {
      NUMBER.lastIndex = i;
      const literal = NUMBER.exec(raw)![0];
      found.set(key, literal);
      i += literal.length - 1;
      valueNext = false;
    }
  }
  return found;
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(raw: string, start: number): number {
  for (let i = start + 1; i < raw.length; i++) {
    if (raw[i] === '\\') i += 1;
    else if (raw[i] === '"') return i;
  }
  throw new Error('unterminated string in JSON that parsed');
}
