// Types of scripts/fresh-glue.mjs, for vite.config.ts and vite.lib.config.ts.
import type { Plugin } from 'vite';

export function reinstantiableGlue(source: string): string;
export function freshGlue(): Plugin;
