import type { ReactNode } from 'react';
import { beliefLabel, supportLabel, type Belief, type Support } from '../../domain/ratings';

// SPEC §3: each reason shows a belief icon and a support icon whose accessible names are the labels.
// They differ by glyph as well as colour, so they read in both colour modes and without colour.

interface IconProps {
  label: string;
  tone: string;
  dashed?: boolean;
  children: ReactNode;
}

function RatingIcon({ label, tone, dashed = false, children }: IconProps) {
  return (
    <span className={`rating-icon tone-${tone}`} role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10.5" className="rating-ring" strokeDasharray={dashed ? '3 3' : undefined} />
        {children}
      </svg>
    </span>
  );
}

const check = (x: number) => <path d={`M${x - 4} 12.5l3 3 5-6`} className="glyph" />;
const cross = (x: number) => <path d={`M${x - 3} 9l6 6M${x + 3} 9l-6 6`} className="glyph" />;

const beliefGlyphs: Record<Belief | 'none', { tone: string; glyph: ReactNode }> = {
  'strong-agree': { tone: 'agree-strong', glyph: [<g key="a">{check(9)}</g>, <g key="b">{check(15)}</g>] },
  agree: { tone: 'agree', glyph: check(12) },
  neutral: { tone: 'neutral', glyph: <path d="M7 12h10" className="glyph" /> },
  disagree: { tone: 'disagree', glyph: cross(12) },
  'strong-disagree': {
    tone: 'disagree-strong',
    glyph: [<g key="a">{cross(8.5)}</g>, <g key="b">{cross(15.5)}</g>],
  },
  none: { tone: 'none', glyph: <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .8-1 1.5v.7M12 16.6v.1" className="glyph" /> },
};

const arrowUp = (x: number) => <path d={`M${x} 17V7M${x - 3.5} 10.5L${x} 7l3.5 3.5`} className="glyph" />;
const arrowDown = (x: number) => <path d={`M${x} 7v10M${x - 3.5} 13.5L${x} 17l3.5-3.5`} className="glyph" />;

const supportGlyphs: Record<Support | 'none', { tone: string; glyph: ReactNode }> = {
  'strong-support': { tone: 'support-strong', glyph: [<g key="a">{arrowUp(9)}</g>, <g key="b">{arrowUp(15)}</g>] },
  support: { tone: 'support', glyph: arrowUp(12) },
  neutral: { tone: 'neutral', glyph: <path d="M7 9.5h10M7 14.5h10" className="glyph" /> },
  disconfirm: { tone: 'disconfirm', glyph: arrowDown(12) },
  'strong-disconfirm': {
    tone: 'disconfirm-strong',
    glyph: [<g key="a">{arrowDown(9)}</g>, <g key="b">{arrowDown(15)}</g>],
  },
  none: supportNone(),
};

function supportNone() {
  return { tone: 'none', glyph: <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .8-1 1.5v.7M12 16.6v.1" className="glyph" /> };
}

export function BeliefIcon({ value }: { value: Belief | null }) {
  const { tone, glyph } = beliefGlyphs[value ?? 'none'];
  return (
    <RatingIcon label={beliefLabel(value)} tone={tone} dashed={value === null}>
      {glyph}
    </RatingIcon>
  );
}

export function SupportIcon({ value }: { value: Support | null }) {
  const { tone, glyph } = supportGlyphs[value ?? 'none'];
  return (
    <RatingIcon label={supportLabel(value)} tone={tone} dashed={value === null}>
      {glyph}
    </RatingIcon>
  );
}
