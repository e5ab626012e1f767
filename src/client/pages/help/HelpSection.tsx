import type { ReactNode } from 'react';

// The sections of the Help page, in order: one table gives both the page's contents and each
// section's heading, so the two cannot drift apart.

export const helpSections = {
  'belief-maps': 'What a belief map is',
  ratings: 'The two ratings',
  drafts: 'Drafts and published maps',
  comparing: 'Comparing and merging',
  example: 'The story of Alice and Bob',
  disagree: 'Finding where you disagree',
  start: 'Start your own map',
  'your-maps': 'Your maps, files and links',
  shortcuts: 'Keyboard shortcuts',
} as const;

export type HelpSectionId = keyof typeof helpSections;

/** A section of the Help page, named by its level-2 heading, which in-page links reach by `id`. */
export function HelpSection({ id, children }: { id: HelpSectionId; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{helpSections[id]}</h2>
      {children}
    </section>
  );
}
