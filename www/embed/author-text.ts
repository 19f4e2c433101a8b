// The long settings an author writes by hand in HTML (a tile map, lists of
// boxes or links), read the way site generators leave them: indented to
// match the markup, on many lines, or squashed onto one line (Vue's
// template compiler condenses whitespace, and a <template> child may reach
// the element with its text joined up). Each is brought back to the form
// the settings table reads; a text that was fine stays as it was.

/** Settings an element also takes from a child `<template data-…>` (or `<script type="text/plain" data-…>`). */
export const CHILD_SETTINGS = ['tiles', 'boxes', 'moved', 'links'] as const;
export type ChildSetting = (typeof CHILD_SETTINGS)[number];

/**
 * A tile map: rows are runs of two-character cells with no spaces inside,
 * door lines are `door <col> <row> <side> <state>`. Splitting on any
 * whitespace and putting each row (and each door's five words) on its own
 * line reads an indented map, a map with blank lines, and a map squashed
 * onto one line alike.
 */
export function normalizeTileMap(text: string): string {
  const words = text.trim().split(/\s+/).filter((w) => w !== '');
  const lines: string[] = [];
  for (let i = 0; i < words.length; ) {
    if (words[i] === 'door') {
      lines.push(words.slice(i, i + 5).join(' '));
      i += 5;
    } else {
      lines.push(words[i]);
      i += 1;
    }
  }
  return lines.join('\n');
}

/**
 * A `;`-separated list (boxes `x,y,w,h; …`, moved boxes `id:x,y,w,h; …`,
 * links `child:parent; …`): whitespace between two entries — a line break,
 * or the single space left where one was condensed — separates them like
 * `;`. Whitespace beside a `,`, `;` or `:` stays padding.
 */
export function normalizeList(text: string): string {
  return text
    .trim()
    .replace(/([^\s,;:])\s+(?=[^\s,;:])/g, '$1; ')
    .replace(/\s+/g, ' ');
}

/** The text an author wrote for `setting`, as the settings table reads it. */
export function normalizeAuthorText(setting: ChildSetting, text: string): string {
  return setting === 'tiles' ? normalizeTileMap(text) : normalizeList(text);
}

/**
 * The text inside a child that carries a setting. A `<template>` parsed from
 * HTML keeps its text in `.content`; one a framework built with DOM calls
 * (Vue, React) has its children on the element itself.
 */
export function childText(child: Element): string {
  if (child instanceof HTMLTemplateElement) {
    const parsed = child.content.textContent ?? '';
    return parsed.trim() !== '' ? parsed : (child.textContent ?? '');
  }
  return child.textContent ?? '';
}
