import { BarChart3, Download, Flame, Mail, ShieldCheck, Sparkles } from 'lucide-react';
import { DashboardPreview } from './dashboard-preview';
import { SectionIntro } from './section-intro';

const FEATURES = [
  {
    icon: BarChart3,
    title: 'A live dashboard',
    text: 'Views, leads, conversion rate and estimated interest across every form, counted over all your leads.',
  },
  {
    icon: Flame,
    title: 'Hot, warm and cold leads',
    text: 'Amount and timeline answers become a temperature you can filter by, and change yourself after a call.',
  },
  {
    icon: ShieldCheck,
    title: 'Compliance proof on every lead',
    text: 'The disclaimer version and the page each indication of interest came from are stored with the lead.',
  },
  {
    icon: Download,
    title: 'Export to CSV',
    text: 'One column per question, ready for your CRM or your funding portal’s pre-launch list.',
  },
  {
    icon: Mail,
    title: 'Campaigns to your leads',
    text: 'Keep interested investors warm with updates until your Form C is filed and the campaign opens.',
  },
  {
    icon: Sparkles,
    title: 'Sparky, your AI assistant',
    text: 'Ask how to embed on WordPress or what you may advertise while testing the waters, and get insights on your leads.',
  },
];

export function FeaturesSection() {
  return (
    <section id="dashboard-feature" aria-labelledby="features-title" className="bg-gray-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionIntro
          id="features-title"
          eyebrow="Features"
          title="Every investor lead, qualified and in one place"
          lead="Your dashboard shows how your forms perform and who raised their hand, newest first, with the amount they might invest and how soon."
        />
        <div className="mx-auto mt-14 max-w-5xl">
          <DashboardPreview />
        </div>
        <ul className="mt-16 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-600 shadow-sm ring-1 ring-gray-200">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold text-gray-900">{title}</h3>
                <p className="mt-1 text-gray-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
