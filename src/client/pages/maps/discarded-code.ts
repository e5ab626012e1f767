// Recently discarded's code comes with the draft commands (commands.ts), loaded on first use, so
// that it adds no chunk of its own to what the first page must know of (PRODUCT §13.5).
export const discardedCode = () => import('../../draft/commands');
