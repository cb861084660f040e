// The dropdowns' order of titles: A–Z as Intl.Collator('en', { sensitivity:
// 'base', numeric: true }) has it, case and accents aside, "#2" before "#10".
// Creating the collator costs about 5 ms in a fresh process, as much as
// loading the app, so the pairs that plain string operations already place
// never reach it: titles starting with different letters, a title and the
// same title continued, numbered copies ("Open House #2", "… #10"), and titles
// that first differ by a letter after the same ASCII text ("Open House", "Offer").

let collator: Intl.Collator | undefined;

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/** A title's first character as a lower-case ASCII letter's code; 0 for anything else. */
export const letterOf = (title: string): number => {
  const code = title.charCodeAt(0) | 0x20;
  return code >= 0x61 && code <= 0x7a ? code : 0;
};

/** Where the run of ASCII digits that ends a title starts; its length when none does. */
function numberStart(title: string): number {
  let start = title.length;
  while (start > 0 && isDigit(title.charCodeAt(start - 1))) start--;
  return start;
}

/** `longer` is `shorter` continued by a character every collation weighs (printable ASCII). */
function continues(longer: string, shorter: string): boolean {
  const next = longer.charCodeAt(shorter.length);
  // A digit could lengthen a number ("#1" → "#10"), or only add a leading zero ("0" → "00").
  return next >= 0x20 && next < 0x7f && !isDigit(next) && longer.startsWith(shorter);
}

// Of the title last compared second (a dropdown compares each title with the last of the
// page so far, which seldom changes): where its number starts (-1 when it ends in none
// after plain ASCII), the text before it, and where its digits start after leading zeros.
let cutTitle = '';
let cutStart = -1;
let cutText = '';
let cutDigits = 0;

/**
 * The order of two titles that end in different numbers after the same text
 * ("Open House #2", "… #10"); 0 otherwise (two such titles are never equal).
 * `b` is trimmed; `a` need not be: an answer other than 0 means `a` is `b`'s
 * text and then digits alone, so trimming would leave it as it is. A number,
 * not NaN, for "cannot tell": a fresh process runs this uncompiled, where a
 * call to test for NaN costs.
 */
export function numberedOrder(a: string, b: string): number {
  if (b !== cutTitle) {
    cutTitle = b;
    const start = numberStart(b);
    // The text before the number ends in plain ASCII (no digit of another script).
    cutStart = start < b.length && (start === 0 || b.charCodeAt(start - 1) < 0x80) ? start : -1;
    cutText = b.slice(0, start);
    // Leading zeros count for nothing: "007" is 7.
    cutDigits = start;
    while (cutDigits < b.length - 1 && b.charCodeAt(cutDigits) === 0x30) cutDigits++;
  }
  const start = cutStart;
  if (start < 0 || a.length <= start || !a.startsWith(cutText)) return 0;
  // Then digits alone; the test written out, as a fresh process runs this uncompiled.
  for (let k = start; k < a.length; k++) {
    const code = a.charCodeAt(k);
    if (code < 0x30 || code > 0x39) return 0;
  }
  let i = start;
  while (i < a.length - 1 && a.charCodeAt(i) === 0x30) i++;
  let j = cutDigits;
  const digits = a.length - i - (b.length - j);
  if (digits !== 0) return digits;
  for (; i < a.length; i++, j++) {
    const difference = a.charCodeAt(i) - b.charCodeAt(j);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** A printable ASCII character's code, a capital as its small letter; -1 for anything else. */
function foldedAscii(code: number): number {
  if (code < 0x20 || code > 0x7e) return -1;
  return code >= 0x41 && code <= 0x5a ? code | 0x20 : code;
}

/**
 * The order of two titles that first differ (case aside) by a letter in each,
 * after the same printable ASCII: that letter decides, as in the collator,
 * where each of those characters weighs the same in both; 0 otherwise.
 */
function letterAfterSameText(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = foldedAscii(a.charCodeAt(i));
    const y = foldedAscii(b.charCodeAt(i));
    if (x < 0 || y < 0) return 0;
    if (x !== y) return x >= 0x61 && x <= 0x7a && y >= 0x61 && y <= 0x7a ? x - y : 0;
  }
  return 0;
}

/**
 * The order of a title as the list has it (`a`, untrimmed) and a trimmed title
 * `b`, where the cheapest cases place them without trimming `a`: different first
 * letters (a title that starts with a letter starts with it trimmed too), or
 * numbered copies of the same text; 0 otherwise. In a fresh process, where this
 * runs uncompiled, trimming and the other cases cost more than these tests.
 */
export function quickOrder(a: string, b: string): number {
  const first = letterOf(a);
  const second = letterOf(b);
  if (first > 0 && second > 0 && first !== second) return first - second;
  return numberedOrder(a, b);
}

/**
 * Two titles in the collator's order (negative: `a` first; 0 when it holds
 * them equal). The collator is made, once, only for a pair the cases above
 * leave open; a property test holds each case against it.
 */
export function compareTitles(a: string, b: string): number {
  if (a === b) return 0;
  const quick = quickOrder(a, b);
  if (quick !== 0) return quick;
  // Of equal length, neither continues the other (and continues would read past the end).
  if (a.length !== b.length && (a.length > b.length ? continues(a, b) : continues(b, a))) {
    return a.length - b.length;
  }
  const byLetter = letterAfterSameText(a, b);
  if (byLetter !== 0) return byLetter;
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
}
