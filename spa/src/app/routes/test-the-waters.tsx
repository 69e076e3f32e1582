import { CircleCheck, CircleX } from 'lucide-react';
import { Link } from 'react-router';
import { CtaPanel } from '@/features/marketing/components/cta-panel';
import { Callout, Prose } from '@/features/marketing/components/prose';
import { DEFAULT_LEGEND } from '@/features/marketing/sample-form';
import { Canonical } from '@/features/marketing/components/canonical';
import { PublicPage } from '../layouts/public-page';

const MAY = [
  'Talk about a contemplated Reg CF offering before you file Form C, orally or in writing, with anyone: on your website, by e-mail, on social media, at events.',
  'Describe your business, your plans and what you are considering raising, as long as it is accurate and not misleading.',
  'Ask people whether they would be interested and collect non-binding indications of interest: name, contact details, how much they might invest and when.',
  'Use the list you build to decide whether, when and how much to raise, and to tell interested people when your offering opens.',
];

const MAY_NOT = [
  'Solicit or accept any money or other consideration before Form C is filed.',
  'Accept an offer to buy, a commitment, a deposit or a reservation that binds the investor.',
  'Take payment outside an intermediary’s platform, before or after filing.',
  'Leave out the required statements, or make claims you could not stand behind: these communications are subject to the antifraud provisions.',
];

function RuleList({ items, kind }: { items: string[]; kind: 'may' | 'may-not' }) {
  const Icon = kind === 'may' ? CircleCheck : CircleX;
  return (
    <ul className="mt-4 space-y-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-sm leading-6 text-gray-700">
          <Icon className={kind === 'may' ? 'mt-0.5 size-5 shrink-0 text-emerald-600' : 'mt-0.5 size-5 shrink-0 text-red-600'} aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export default function TestTheWatersPage() {
  return (
    <PublicPage
      title="Testing the Waters under Regulation CF"
      eyebrow="Founder guide"
      lead="What you may and may not do when you gauge investor interest before filing Form C, the statements every communication needs, and what changes once you file."
    >
      <Canonical path="/test-the-waters" />
      <Callout title="General information, not legal advice" tone="amber">
        <p className="text-sm">
          This page is general information, not legal advice. Securities rules depend on your facts; talk to a securities
          lawyer and your funding portal before you communicate about an offering.
        </p>
      </Callout>

      <Prose className="mt-12">
        <h2>What testing the waters is</h2>
        <p>
          Rule 206 of Regulation Crowdfunding (17 CFR 227.206) lets an issuer communicate orally or in writing to find out
          whether there is interest in a contemplated offering <strong>before</strong> it files its offering statement on
          Form C. You can reach the general public, not only people you already know, and you can do it on any channel.
        </p>
        <p>
          The trade-off is strict: nothing you collect during this period may be money or a commitment. What you gather
          are <strong>indications of interest</strong>, and they are non-binding by law.
        </p>
      </Prose>

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="may-title" className="rounded-2xl bg-emerald-50/60 p-6 ring-1 ring-emerald-200">
          <h2 id="may-title" className="text-lg font-semibold text-gray-900">
            You may
          </h2>
          <RuleList items={MAY} kind="may" />
        </section>
        <section aria-labelledby="may-not-title" className="rounded-2xl bg-red-50/60 p-6 ring-1 ring-red-200">
          <h2 id="may-not-title" className="text-lg font-semibold text-gray-900">
            You may not
          </h2>
          <RuleList items={MAY_NOT} kind="may-not" />
        </section>
      </div>

      <Prose className="mt-12">
        <h2>The statements every communication must include</h2>
        <p>Each testing-the-waters communication must state that:</p>
        <ol>
          <li>
            <strong>No money or other consideration is being solicited</strong>, and if sent in response, it will not be
            accepted;
          </li>
          <li>
            <strong>No offer to buy the securities can be accepted</strong> and no part of the purchase price can be received
            until the offering statement is filed, and then only through an intermediary’s platform; and
          </li>
          <li>
            <strong>A person’s indication of interest involves no obligation or commitment of any kind.</strong>
          </li>
        </ol>
        <p>Every RaiseSpark form carries this legend next to its submit button by default:</p>
        <blockquote className="mt-4 border-l-4 border-brand-600 bg-gray-50 py-3 pr-4 pl-5 text-sm text-gray-700 italic">
          {DEFAULT_LEGEND}
        </blockquote>
        <p>
          You can reword the legend for your offering, but you cannot remove it, and each lead records which version of
          the legend the investor saw.
        </p>

        <h2>File your materials with Form C</h2>
        <p>
          Written communications and broadcast scripts you used to test the waters must be filed with the SEC as an
          exhibit to your Form C. Keep a copy of every version: your website copy, e-mails, social posts, slide decks,
          video scripts and the form investors filled in. RaiseSpark’s compliance vault is a place to keep them together.
        </p>

        <h2>After you file Form C</h2>
        <p>Once the offering statement is filed, the rules for communications change:</p>
        <ul>
          <li>
            Investments, commitments and payments happen only through your intermediary’s platform: the registered funding
            portal or broker-dealer running your offering.
          </li>
          <li>
            Outside the platform, advertising is limited by Rule 204 to a notice that names the intermediary, links to
            its platform and states no more than the terms of the offering (amount, type of security, price and closing
            date) and basic facts about your company: its name, address, contact details, website and a brief
            description of the business.
          </li>
          <li>
            Discussions about the terms of the offering with investors belong on the platform’s communication channels,
            where you identify yourself as the issuer.
          </li>
          <li>Tell the people on your testing-the-waters list where to invest, and stop collecting indications of interest.</li>
        </ul>

        <h2>A practical checklist</h2>
        <ol>
          <li>Decide with your lawyer that you are considering a Reg CF offering and what you will say about it.</li>
          <li>Put the required statements on every page, post, e-mail and form that mentions the offering.</li>
          <li>Collect indications of interest only: no payment links, no deposits, no reservations with money.</li>
          <li>Keep copies of all written materials and scripts for your Form C exhibits.</li>
          <li>Score your leads, follow up with the hottest, and size your raise with what you learned.</li>
          <li>
            Budget the raise: our <Link to="/equity-crowdfunding-costs">equity crowdfunding cost estimator</Link> shows the
            usual cost lines.
          </li>
        </ol>
      </Prose>

      <CtaPanel
        title="Test the waters with a compliant form today"
        text="Build a form with the Rule 206 legend built in, embed it on your site and see who is ready to invest before you file."
      />
    </PublicPage>
  );
}
