// A Starlight docs site (the Starlight recipe in docs/EMBED.md): the
// element comes from src/components/Playground.astro.
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';

export default defineConfig({
  integrations: [starlight({ title: 'Broad phase, by example' })],
});
