// The settings table as documentation: the Markdown rows of docs/EMBED.md,
// made from the same table the code validates against. A browser test
// compares them with the file, so the docs cannot drift from the code.

import type { PanelInfo } from '../runtime/ui';
import { attributeOf, MODE_NAMES, SETTINGS, type ModeName, type SettingSpec } from '../settings/table';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Every setting: attribute (and link parameter), option, older link names, type, default, allowed values, modes, what it does. */
export function settingsTable(): string {
  const rows = (SETTINGS as readonly SettingSpec[]).map((s) => {
    const modes = s.modes === 'all' ? 'all' : s.modes.join(', ');
    const link = !s.inLink ? 'no' : s.aliases === undefined ? 'yes' : `yes (older links: ${s.aliases.map((a) => `\`${a}\``).join(', ')})`;
    // Allowed values for the widest mode (count: the box modes' range; hierarchy's is smaller, said in the default).
    const mode: ModeName = s.modes === 'all' ? 'quadtree' : s.modes[0];
    const allowed = s.kind.allowedInAll?.(s.modes === 'all' ? MODE_NAMES : s.modes) ?? s.kind.allowed(mode);
    return `| \`${attributeOf(s.name)}\` | \`${s.name}\` | ${link} | ${cell(s.type)} | ${cell(s.defaultText)} | ${cell(allowed)} | ${modes} | ${cell(s.doc)} |`;
  });
  return ['| attribute | option | in a link | type | default | allowed | modes | what it does |', '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

/** Every panel of every mode: its id, title, and whether `controls: false` hides it. */
export function panelsTable(byMode: Readonly<Record<string, readonly PanelInfo[]>>): string {
  const rows = Object.entries(byMode).flatMap(([mode, panels]) =>
    panels.map((p) => `| ${mode} | \`${p.id}\` | ${cell(p.title)} | ${p.role === 'control' ? 'control (hidden by `controls="false"`)' : 'readout'} |`),
  );
  return ['| mode | panel id | title | kind |', '|---|---|---|---|', ...rows].join('\n');
}
