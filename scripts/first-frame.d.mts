// Types of scripts/first-frame.mjs, for vite.config.ts.
import type { Plugin } from 'vite';

export function recordFirstFrameJson(): Promise<string>;
export function embedsOf(html: string, count?: number): Record<string, string>[];
export function recordEmbedFrames(): Promise<string>;
export function firstFrame(): Plugin;
export function preloadScript(hrefs: readonly string[]): string;
