/** A self-contained playground mode: it renders into `host` (its own canvas and side panel) and cleans up on destroy. */
export interface ModeHandle { destroy(): void }
export type ModeFactory = (host: HTMLElement, params: URLSearchParams) => ModeHandle;
