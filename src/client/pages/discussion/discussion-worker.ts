import { answerRequest, DiscussionSession, type SessionRequest } from './work-out-discussion';

// PRODUCT §6.10, §13.6: a discussion's maps are read and its figures worked out in this module
// worker, so that 100 maps of 200 reasons (reading 3 MB, matching, medians, the components and
// k-means) never hold up the page. It answers with only what the page draws.

const session = new DiscussionSession();

self.onmessage = (event: MessageEvent<SessionRequest>) => {
  void answerRequest(session, event.data, (reply) => self.postMessage(reply));
};
