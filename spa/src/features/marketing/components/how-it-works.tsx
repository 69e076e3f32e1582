import { Code2, FileText, Flame, MessageSquareQuote, MousePointerClick, PanelTop } from 'lucide-react';
import { Link } from 'react-router';
import { SectionIntro } from './section-intro';

const STEPS = [
  {
    icon: FileText,
    title: 'Build your testing-the-waters form',
    text: 'Start from presets for name, e-mail, phone, the amount an investor might put in and when. Add your offering summary, target raise and minimum investment, and match your brand colours.',
  },
  {
    icon: Code2,
    title: 'Embed it on your site',
    text: 'Paste one line into WordPress, Webflow, Wix, Squarespace or plain HTML. Choose a floating “Invest” button that opens the form, or an inline form inside your page.',
  },
  {
    icon: Flame,
    title: 'Follow up with the hottest leads',
    text: 'Every indication of interest is scored hot, warm or cold from the amount and timeline answers, so you call the investors who are ready first.',
  },
];

const SNIPPET = `<script src="https://raisespark.com/embed.js"
  data-form-id="frm_brightside"
  data-company-name="Brightside Brewing Co."
  async></script>`;

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionIntro
          id="how-it-works-title"
          eyebrow="How It Works"
          title="Gauge investor demand before you file Form C"
          lead="Regulation Crowdfunding lets you test the waters: talk about a possible offering and collect non-binding indications of interest before your offering statement is filed. RaiseSpark turns that window into a qualified investor list."
        />

        <div className="mt-14 grid gap-6 lg:grid-cols-3">
          <div className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8 lg:col-span-1">
            <MessageSquareQuote className="size-7 text-brand-600" aria-hidden />
            <h3 className="mt-4 text-lg font-semibold text-gray-900">What testing the waters means</h3>
            <p className="mt-2 text-gray-700">
              Under Rule 206 (17 CFR 227.206) an issuer may communicate with anyone, orally or in writing, to find out
              whether there is interest in an offering before filing Form C. No money may be accepted and no one can
              commit to buy; the required disclaimers must appear in what you publish.
            </p>
            <Link to="/test-the-waters" className="mt-4 inline-block font-semibold text-brand-700 hover:text-brand-600">
              Read the testing-the-waters guide
            </Link>
          </div>
          <div className="rounded-2xl bg-gray-50 p-6 ring-1 ring-gray-200 sm:p-8 lg:col-span-2">
            <h3 className="text-lg font-semibold text-gray-900">Why capture interest before you launch</h3>
            <ul className="mt-4 grid gap-4 text-gray-700 sm:grid-cols-2">
              <li>
                <strong className="font-semibold text-gray-900">Size your raise with evidence.</strong> See how much
                investors say they might put in before you set a target and minimum on Form C.
              </li>
              <li>
                <strong className="font-semibold text-gray-900">Launch with momentum.</strong> Campaigns that hit early
                commitments on day one attract the investors who wait for social proof.
              </li>
              <li>
                <strong className="font-semibold text-gray-900">Know who to call.</strong> Hot leads who want to invest
                immediately get your attention first; cold leads get your e-mail updates.
              </li>
              <li>
                <strong className="font-semibold text-gray-900">Keep the paper trail.</strong> Each lead stores the
                legend version and the page it was captured on, ready for your Form C exhibits.
              </li>
            </ul>
          </div>
        </div>

        <ol className="mt-16 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-lg bg-brand-600 text-white">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="text-sm font-semibold text-brand-700">Step {index + 1}</span>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-gray-900">{title}</h3>
              <p className="mt-2 text-gray-600">{text}</p>
            </li>
          ))}
        </ol>

        <div className="mt-16 grid items-center gap-10 rounded-3xl bg-gray-950 p-6 sm:p-10 lg:grid-cols-2">
          <div>
            <h3 className="text-2xl font-bold tracking-tight text-white">One snippet. Two ways to ask.</h3>
            <p className="mt-3 text-gray-300">
              The embed loads your form from RaiseSpark, sizes itself to fit and keeps your styling. Every form carries the
              testing-the-waters legend next to the submit button, and the legend cannot be removed, only reworded.
            </p>
            <dl className="mt-6 grid gap-4 sm:grid-cols-2">
              <div className="rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
                <dt className="flex items-center gap-2 font-semibold text-white">
                  <MousePointerClick className="size-5 text-brand-100" aria-hidden /> Floating button
                </dt>
                <dd className="mt-1 text-sm text-gray-300">A round button on every page that opens your form in a panel.</dd>
              </div>
              <div className="rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
                <dt className="flex items-center gap-2 font-semibold text-white">
                  <PanelTop className="size-5 text-brand-100" aria-hidden /> Inline form
                </dt>
                <dd className="mt-1 text-sm text-gray-300">Your form inside any page: an /invest page, a blog post, a pitch page.</dd>
              </div>
            </dl>
          </div>
          <figure className="min-w-0">
            <pre tabIndex={0} role="region" aria-label="Embed snippet" className="overflow-x-auto rounded-xl bg-gray-900 p-5 text-xs leading-relaxed sm:text-sm text-gray-100 ring-1 ring-white/10">
              <code>{SNIPPET}</code>
            </pre>
            <figcaption className="mt-3 text-sm text-gray-300">Paste before the closing &lt;/body&gt; tag. That is the whole install.</figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}
