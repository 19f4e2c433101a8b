// The Astro recipe (docs/EMBED.md) needs no configuration: the page's
// <script> imports the element and Astro's Vite build carries the wasm.
import { defineConfig } from 'astro/config';

export default defineConfig({});
