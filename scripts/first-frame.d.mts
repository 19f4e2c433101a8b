// Types of scripts/first-frame.mjs, for vite.config.ts.
import type { Plugin } from 'vite';

export function recordFirstFrameJson(): Promise<string>;
export function firstFrame(): Plugin;
