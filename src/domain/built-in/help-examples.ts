import type { PublishedMap, ReasonId } from '../belief-map';
import type { HelpExampleId } from './index';

// Placeholder content until the Help issue writes the worked example of PRODUCT §7.
const published = '2026-01-01T00:00:00.000Z';

function placeholder(title: string): PublishedMap {
  return {
    version: '1.0',
    published,
    data: {
      title,
      description: null,
      reasons: [
        {
          id: 'a6f1f0f4-1f6e-4c59-9c39-3d7b0b6f2c11' as ReasonId,
          title: 'An example reason',
          relevance: null,
          belief: 'agree',
          support: 'support',
        },
      ],
    },
  };
}

export const helpExampleMaps: Record<HelpExampleId, PublishedMap> = {
  'help-example-icons': placeholder('Every icon'),
  'help-example-initial': placeholder('Initial map'),
  'help-example-alice-1': placeholder("Alice's map"),
  'help-example-bob-1': placeholder("Bob's map"),
  'help-example-combined-reasons': placeholder('Combined reasons'),
  'help-example-alice-2': placeholder("Alice's revised map"),
  'help-example-bob-2': placeholder("Bob's revised map"),
};
