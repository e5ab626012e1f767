import type { PublishedMap, ReasonId } from '../belief-map';

// PRODUCT §4.3 and §10.2: `help-example-icons`, the legend of the Help page. Its reasons are
// demonstrations, not arguments: together they show all six belief and all six support ratings
// (PRODUCT §3.2), each title naming the icons it carries. The Elm Street ratings its relevance texts cite
// are checked against the story maps in help-examples.test.ts.

export function createIconsMap(published: string): PublishedMap {
  return {
    version: '1.0',
    published,
    data: {
      title: 'Reading the icons: every belief and support rating',
      description:
        'Every reason carries two ratings, each shown as an icon. The support icon says how strongly the ' +
        "reason would support or disconfirm the map's belief if the reason were true. The belief icon says " +
        "how strongly the map's author believes the reason is true. The two are independent: a reason can " +
        'matter a great deal and still be doubted.\n\n' +
        'This map has one reason for each of the six support ratings and each of the six belief ratings, ' +
        'and each title says what its icons mean. They are listed in the order a draft sorts its reasons: ' +
        'reasons for the belief first, then reasons against it, then those with no relevance, then ' +
        'unrated ones.',
      reasons: [
        {
          id: '6f1f226e-bae8-46e9-8fee-fdd6010ccbfd' as ReasonId,
          title: 'Strongly supports, and the author strongly agrees it is true',
          relevance:
            "If this reason is true, it is a strong reason to hold the map's belief, and the author is sure " +
            'that it is true. Reasons like this carry a map: in their second Elm Street maps, Alice and Bob ' +
            'both rate "A protected lane would make cycling on Elm Street safer" this way.',
          belief: 'strong-agree',
          support: 'strong-support',
        },
        {
          id: '165ffc6e-4fe2-4dc0-8b59-b6560fdbd666' as ReasonId,
          title: 'Supports, but the author disagrees that it is true',
          relevance:
            'The reason would count for the belief if it were true, but the author thinks it is not, so it ' +
            'gives them little reason to hold the belief. Bob rates "More children would cycle to Elm Street ' +
            'Primary" this way in his first map.',
          belief: 'disagree',
          support: 'support',
        },
        {
          id: '8ef45351-7d1a-4cf1-8aa8-41120f643644' as ReasonId,
          title: 'Strongly disconfirms, but the author strongly disagrees that it is true',
          relevance:
            'If this reason were true it would count strongly against the belief, but the author is sure ' +
            'it is not. Reasons like this are worth talking about: if someone showed the author that it is ' +
            'true after all, their view of the whole belief could change.',
          belief: 'strong-disagree',
          support: 'strong-disconfirm',
        },
        {
          id: 'eff6e5ce-3f95-472b-8eca-34d8615db641' as ReasonId,
          title: 'Disconfirms, and the author agrees it is true',
          relevance:
            'The reason counts against the belief, and the author accepts that it is true: an honest cost ' +
            "of holding the belief. In her second map Alice rates Bob's reason about delivery vans this way.",
          belief: 'agree',
          support: 'disconfirm',
        },
        {
          id: '7084445b-94d1-4b9f-ad3e-eea7101d8961' as ReasonId,
          title: 'Has no relevance, and the author neither agrees nor disagrees that it is true',
          relevance:
            'Even if this reason were true, it would make no difference to the belief, and the author has ' +
            'no view on whether it is true. Keeping such a reason in a map shows that it was considered and ' +
            'set aside.',
          belief: 'neutral',
          support: 'neutral',
        },
        {
          id: '5b6d0611-c524-46eb-918d-df981ba6a194' as ReasonId,
          title: 'No support information and no agreement information: the reason is not rated yet',
          relevance:
            'The author has not chosen either rating; leaving a choice empty in the reason form stores it ' +
            'this way. The initial Elm Street map and the combined reasons leave every reason unrated, so ' +
            'that each person can rate them for themselves.',
          belief: null,
          support: null,
        },
      ],
    },
  };
}
