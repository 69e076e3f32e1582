import { ArrowRight, BarChart3, Check, Code2, FileText, Flame, Gift, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PublicFooter } from '../layouts/public-footer';

const STEPS = [
  {
    icon: FileText,
    title: 'Build a testing-the-waters form',
    text: 'Ask for name, e-mail, phone, how much an investor might commit and when. The required Rule 206 legend is built in.',
  },
  {
    icon: Code2,
    title: 'Embed it on your site',
    text: 'Paste one snippet into WordPress, Webflow, Wix, Squarespace or plain HTML: a floating button or an inline form.',
  },
  {
    icon: Flame,
    title: 'Follow up with the hottest leads',
    text: 'Every indication of interest is scored hot, warm or cold, so you call the committed investors first.',
  },
];

const FEATURES = [
  { icon: BarChart3, title: 'A live dashboard', text: 'Views, leads, conversion and the estimated interest across all your forms.' },
  { icon: Flame, title: 'Lead temperature', text: 'Amount and timeline answers turn into hot, warm and cold at a glance.' },
  { icon: ShieldCheck, title: 'Compliance proof', text: 'Each lead keeps the legend version and page it was captured on.' },
];

const FAQ = [
  {
    q: 'What is testing the waters?',
    a: 'Under Regulation Crowdfunding Rule 206, an issuer may gauge interest in an offering before filing its Form C, as long as no money is accepted and any indication of interest is non-binding. RaiseSpark forms carry the required disclaimer on every submission.',
  },
  {
    q: 'Do investors pay or commit anything through my form?',
    a: 'No. The form never asks for payment. Investors only indicate interest; investments happen later through your funding portal.',
  },
  {
    q: 'How does the embed work?',
    a: 'Copy a snippet from Embed Options and paste it into your site. The form loads from RaiseSpark, resizes itself, and works on any site builder that accepts HTML.',
  },
  {
    q: 'Can I cancel during the trial?',
    a: 'Yes. Every plan starts with a 7-day free trial, and you can cancel from Settings before it ends.',
  },
];

export default function LandingPage() {
  return (
    <>
      <title>RaiseSpark — Investor lead capture for Reg CF founders</title>
      <main>
        <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
          <div className="mx-auto max-w-7xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24 lg:px-8">
            <div className="mx-auto max-w-3xl text-center">
              <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
                Built for Regulation Crowdfunding raises
              </p>
              <h1 className="mt-6 text-4xl font-bold tracking-tight text-gray-900 sm:text-6xl">
                Turn website visitors into <span className="text-brand-600">committed investors</span>
              </h1>
              <p className="mt-6 text-lg text-gray-600 sm:text-xl">
                Capture indications of interest with compliant testing-the-waters forms, see which leads are hot,
                and follow up before your campaign launches.
              </p>
              <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
                <Link to="/register" className={buttonClasses('primary', 'lg')}>
                  Start your 7-day free trial
                  <ArrowRight className="size-5" aria-hidden />
                </Link>
                <a href="#how-it-works" className={buttonClasses('secondary', 'lg')}>See how it works</a>
              </div>
            </div>
          </div>
        </section>

        <section id="how-it-works" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <h2 className="text-center text-3xl font-bold tracking-tight text-gray-900">How It Works</h2>
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {STEPS.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
                <div className="flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-brand-600 text-white">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <span className="text-sm font-semibold text-brand-600">Step {index + 1}</span>
                </div>
                <h3 className="mt-4 text-lg font-semibold text-gray-900">{title}</h3>
                <p className="mt-2 text-gray-600">{text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section id="dashboard-feature" className="bg-gray-50 py-20">
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <h2 className="text-center text-3xl font-bold tracking-tight text-gray-900">Features</h2>
            <div className="mt-12 grid gap-6 md:grid-cols-3">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <div key={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
                  <Icon className="size-6 text-brand-600" aria-hidden />
                  <h3 className="mt-4 text-lg font-semibold text-gray-900">{title}</h3>
                  <p className="mt-2 text-gray-600">{text}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section id="pricing" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <h2 className="text-center text-3xl font-bold tracking-tight text-gray-900">Pricing</h2>
          <p className="mt-3 text-center text-gray-600">Every plan starts with a 7-day free trial.</p>
          <div className="mx-auto mt-10 max-w-xl rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm">
            <ul className="space-y-3 text-left text-gray-700">
              {['Unlimited investor forms', 'Lead scoring and CSV export', 'Embeds for any website'].map((item) => (
                <li key={item} className="flex items-center gap-3">
                  <Check className="size-5 text-emerald-600" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
            <Link to="/pricing" className={buttonClasses('primary', 'md', 'mt-8 w-full')}>See plans</Link>
          </div>
        </section>

        <section id="faq" className="bg-gray-50 py-20">
          <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
            <h2 className="text-center text-3xl font-bold tracking-tight text-gray-900">FAQ</h2>
            <div className="mt-10 space-y-3">
              {FAQ.map(({ q, a }) => (
                <details key={q} className="group rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
                  <summary className="cursor-pointer list-none font-medium text-gray-900">{q}</summary>
                  <p className="mt-3 text-gray-600">{a}</p>
                </details>
              ))}
            </div>
          </div>
        </section>

        <section id="rewards" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <div className="rounded-3xl bg-brand-600 px-6 py-14 text-center text-white sm:px-12">
            <Gift className="mx-auto size-10" aria-hidden />
            <h2 className="mt-4 text-3xl font-bold tracking-tight">Rewards</h2>
            <p className="mx-auto mt-3 max-w-2xl text-brand-100">
              Know another founder raising capital? Share your referral link and earn a free month of your plan for
              every founder who becomes a paying customer.
            </p>
            <Link to="/register" className={buttonClasses('secondary', 'lg', 'mt-8')}>Get your referral link</Link>
          </div>
        </section>
      </main>
      <PublicFooter />
    </>
  );
}
