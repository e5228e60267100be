/** Small text helpers shared by pages and mails. */

/**
 * Ends a sentence after `text`: a full stop unless it ends in one already ("by Camille D." not "by Camille D..",
 * issue 46, item 9) or in another sentence end.
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
