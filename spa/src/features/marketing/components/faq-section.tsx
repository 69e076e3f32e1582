import { Link } from 'react-router';
import { FaqAccordion, type FaqItem } from './faq-accordion';
import { SectionIntro } from './section-intro';

const FAQ: FaqItem[] = [
  {
    question: 'What is testing the waters?',
    answer: (
      <p>
        Rule 206 of Regulation Crowdfunding lets an issuer communicate with potential investors, orally or in writing, to
        gauge interest in an offering before it files Form C with the SEC. You may not accept money or commitments during
        this period, and written materials must carry the required disclaimers and be filed with your Form C. Our{' '}
        <Link to="/test-the-waters" className="font-semibold text-brand-700 underline underline-offset-2">
          testing-the-waters guide
        </Link>{' '}
        covers the details.
      </p>
    ),
  },
  {
    question: 'Do investors pay or commit anything through my form?',
    answer: (
      <p>
        No. A RaiseSpark form never asks for payment. Investors indicate how much they might invest and when, and the
        legend on the form tells them the indication is non-binding. Investments happen later, through your funding
        portal, once your offering statement is filed.
      </p>
    ),
  },
  {
    question: 'How does the embed work?',
    answer: (
      <>
        <p>
          Copy a snippet from the Embed Options page of a published form and paste it into your site. Choose a floating
          button that opens the form in a panel, or an inline form placed where the snippet sits.
        </p>
        <p>The form loads from RaiseSpark, resizes itself and works on any site builder that accepts HTML.</p>
      </>
    ),
  },
  {
    question: 'How are leads scored hot, warm or cold?',
    answer: (
      <p>
        From the investor’s own answers: larger amounts and a shorter timeline make a lead hotter. You can change a lead’s
        temperature yourself after you speak with them.
      </p>
    ),
  },
  {
    question: 'Is RaiseSpark a funding portal or broker-dealer?',
    answer: (
      <p>
        No. RaiseSpark is software for capturing and managing indications of interest. Your offering itself must run on a
        registered funding portal or through a broker-dealer, and you remain responsible for your Reg CF compliance.
      </p>
    ),
  },
  {
    question: 'Can I cancel during the trial?',
    answer: (
      <p>
        Yes. Every plan starts with a 7-day free trial. Cancel from the billing portal in Settings before it ends and you
        will not be charged.
      </p>
    ),
  },
];

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="bg-gray-50 py-20 sm:py-28">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionIntro
          id="faq-title"
          eyebrow="FAQ"
          title="Founder FAQ"
          lead="What founders ask us most about testing the waters, the embed and their subscription."
        />
        <div className="mt-12">
          <FaqAccordion items={FAQ} />
        </div>
        <p className="mt-8 text-center text-sm text-gray-600">
          More questions?{' '}
          <Link to="/help" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600">
            Browse the Help Center
          </Link>
        </p>
      </div>
    </section>
  );
}
