import type { DiscussionRequest } from './use-discussion-model';
import { workOutDiscussion } from './work-out-discussion';

// PRODUCT §6.10, §13.6: a discussion's figures are worked out in this module worker, so that 100
// maps of 200 reasons (matching, medians, the components and k-means) never hold up the page. The
// answer is plain data, as the domain gives it.

self.onmessage = (event: MessageEvent<DiscussionRequest>) => {
  const { round, maps, leftOut } = event.data;
  self.postMessage({ round, ...workOutDiscussion(maps, leftOut) });
};
