import { useEffect } from 'react';
import { Link } from 'wouter';
import { ShortcutsList } from '../../components/ShortcutsList';
import { formShortcuts, pageShortcuts } from '../../lib/shortcut-list';
import { HelpSection, helpSections } from './HelpSection';
import { useDocumentTitle } from '../../components/use-document-title';
import './help-page.css';
import { DisagreeSection } from './DisagreeSection';
import { RatingsSection } from './RatingsSection';
import { WorkedExample } from './WorkedExample';
import { PageHeading } from '../../components/PageHeading';
import { useVisit } from '../../lib/visits';

// PRODUCT §10.1: what a newcomer needs to use Belief Map: the parts of a map, the two
// ratings and the weight they give, drafts versus published maps, comparing and merging, the worked
// example of Alice and Bob, how to start, and every other feature a user can find: Your maps,
// downloads and import, share links, offline use, shortcuts. The names of buttons are quoted exactly
// as the other pages show them.

/**
 * After a link inside the app to a section (`/help#ratings`, from "What the icons mean"), moves
 * the focus to that section's heading, which brings it into view: the browser only does so on a
 * page it loads itself (visit 0), not after the app changed the address.
 */
function useSectionFocus(): void {
  const visit = useVisit();
  useEffect(() => {
    if (visit === 0) return;
    const target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    if (!target) return;
    target.tabIndex = -1;
    target.focus();
  }, [visit]);
}

export function HelpPage() {
  useDocumentTitle('Help');
  useSectionFocus();
  return (
    <div className="page prose help-page">
      <PageHeading>Help</PageHeading>
      <p className="help-lead">
        Belief Map helps you think a question through. You write down a belief, list the reasons for and
        against it, and rate each reason twice: how much it would matter, and whether you think it is true.
        Then you can publish the map, share its link, and compare it with someone else’s map to see exactly
        where the two of you differ.
      </p>
      <p>
        This page explains the parts of a map, then follows two neighbours, Alice and Bob, through a real
        disagreement. Each step links to the maps they made, so you can click through and see for yourself.
      </p>
      <nav aria-labelledby="help-contents-title" className="help-contents">
        <p id="help-contents-title" className="help-contents-title">
          On this page
        </p>
        <ul>
          {Object.entries(helpSections).map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>

      <HelpSection id="belief-maps">
        <p>A belief map has three parts.</p>
        <ul>
          <li>
            <strong>The belief</strong>: a statement someone could agree or disagree with, such as “Our town
            should turn Elm Street’s parking lane into a protected bike lane”. It is the map’s title, and a
            description can give the background.
          </li>
          <li>
            <strong>The reasons</strong>: anything that bears on the belief, for it or against it. Each reason
            has a short title and its relevance: a few sentences on why it matters.
          </li>
          <li>
            <strong>Two ratings on every reason</strong>, shown as icons and explained next.
          </li>
        </ul>
        <p>
          A map adds up no score and draws no conclusion for you. It shows what you think, reason by reason,
          so that you and anyone you share it with can see why.
        </p>
      </HelpSection>

      <RatingsSection />

      <HelpSection id="drafts">
        <ul>
          <li>
            <strong>A draft is kept only in this browser.</strong> Nobody else can see it, and only drafts can
            be edited. Clearing this site’s data in your browser deletes your drafts, and they do not follow
            you to another device. A draft’s address starts with “draft.”, as in{' '}
            <code>/map/draft.default</code>.
          </li>
          <li>
            <strong>A published map is public to anyone with the link.</strong> “Publish draft” sends your
            draft to the server and gives the map its own address. Publish nothing you would not want a
            stranger to read: there are no accounts and no private maps.
          </li>
          <li>
            <strong>A published map never changes.</strong> Nobody can edit it, not even you, so a link always
            shows what was published. To change one, choose “Edit a copy”, change the draft, and publish it
            again: the new version gets a new address, and the old one stays as it was.
          </li>
          <li>
            <strong>Published maps are deleted after 90 days</strong>, automatically. The example maps on this
            page are part of the app and stay.
          </li>
        </ul>
        <p>
          “Discard draft” deletes a draft. For five seconds afterwards an “Undo” button brings it back, and
          the map page’s “Undo” still does while the tab is open. The draft also waits 30 days under “Recently
          discarded” on <Link to="/maps">Your maps</Link>, where “Restore” brings it back.
        </p>
      </HelpSection>

      <HelpSection id="comparing">
        <p>
          Comparing two maps shows exactly how they differ. Choose <Link to="/compare">Compare maps</Link>,
          paste the address of a base map and of a modified map, and press “Compare”. A published map’s
          “Compare” link fills in the base for you. Every reason that differs is marked:
        </p>
        <ul>
          <li>
            <strong>Added</strong>: only in the modified map.
          </li>
          <li>
            <strong>Deleted</strong>: only in the base map.
          </li>
          <li>
            <strong>Changed</strong>: in both maps, with each difference shown as base → modified.
          </li>
        </ul>
        <p>
          When the base is one of your drafts, you can merge, one reason at a time. “Add to draft” copies an
          added reason into your draft, “Delete from draft” removes a deleted one, and “Apply changes” takes
          the modified map’s version of a changed one. Each merge shows “Draft updated” with an “Undo” button
          for five seconds, and nothing is published until you publish the draft.
        </p>
        <p>
          <strong>Answering a map.</strong> When you publish your copy of someone’s published map, your map
          says “In response to” theirs under its title, with a link “Compare with it”: in the story below,
          Bob’s first map answers Alice’s. Leave “List my map under …” checked when you publish, and anyone
          who opens their map finds yours in its “Responses”, newest first, each with a “Compare” link. The
          author of the map answered, in the browser it was published from, can hide a response from that
          list; the response itself stays at its own link.
        </p>
      </HelpSection>

      <WorkedExample />

      <DisagreeSection />

      <HelpSection id="start">
        <ol>
          <li>
            Choose <Link to="/map/draft.default">Create map</Link>. You get a draft titled “New belief”.
          </li>
          <li>
            Press “Edit belief” and write your belief as a statement someone could disagree with. Put the
            background in the description.
          </li>
          <li>
            Press “Add item” for each reason. Give it a short title, say in its relevance why it matters, and
            choose its support and belief. You can leave a rating empty and come back to it.
          </li>
          <li>When you are ready, press “Publish draft” and share the address of the published map.</li>
        </ol>
        <p>
          Keep one idea to a reason, and include the best reasons against your own view: a map that leaves
          them out persuades nobody who holds them. Then do what Alice and Bob did: ask someone who sees it
          differently to make a copy, rate your reasons and add their own, publish it and send you the link.
          Comparing the two maps shows you where you really differ.
        </p>
      </HelpSection>

      <HelpSection id="your-maps">
        <ul>
          <li>
            <strong>
              <Link to="/maps">Your maps</Link>
            </strong>
            , in the header, lists the drafts kept in this browser and the maps published from it, with the
            days left before each is deleted.
          </li>
          <li>
            <strong>Downloads</strong>: “Download” on every map and on Your maps saves the map as JSON (to
            import again), Markdown (to read), Argdown or AIF-JSON (for argument mapping tools); each imports
            back as the same map. “Download picture (PNG)” and “Download picture (SVG)” draw the whole map
            with a legend of its icons, to send or post; a draft’s picture is made in your browser. “Print”
            (or your browser’s Print) prints the map alone, with its link and each rating in words.
          </li>
          <li>
            <strong>Import</strong>: “Import map” on Your maps reads a download, an Argdown or AIF-JSON file,
            or a Kialo discussion exported as text, or pasted text, shows what it becomes (and asks which
            statement is the belief when several could be), then opens it as a new draft; reasons of reasons
            are kept as an outline in each reason&apos;s relevance.
          </li>
          <li>
            <strong>Share links</strong>: a published map’s address is its link; “Copy link” appears just
            after publishing. “Copy share link” on a draft puts the whole draft in a link without publishing
            it: whoever opens the link sees the draft and can “Save as my draft”.
          </li>
          <li>
            <strong>Offline</strong>: after one visit, Belief Map opens with no network. Drafts can be written
            and edited offline, and maps you have opened before can be read; publishing waits for the network.
            Your browser can also install it as an app.
          </li>
          <li>
            <strong>Keyboard shortcuts</strong>: a draft can be written from the keyboard alone; see{' '}
            <a href="#shortcuts">Keyboard shortcuts</a> below.
          </li>
        </ul>
      </HelpSection>

      <HelpSection id="shortcuts">
        <p>
          A draft can be written from the keyboard alone. These keys work on a draft’s page whenever you are
          not typing in a field; press <kbd>?</kbd> there to see them.
        </p>
        <ShortcutsList caption="On a draft" shortcuts={pageShortcuts} />
        <ShortcutsList caption="In a reason's form" shortcuts={formShortcuts} />
      </HelpSection>
    </div>
  );
}
