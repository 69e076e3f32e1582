import { Clock, LifeBuoy, ShieldCheck } from 'lucide-react';
import { ContactForm } from '@/features/contact/components/contact-form';
import { Canonical } from '@/features/marketing/components/canonical';
import { PublicPage } from '../layouts/public-page';

const NOTES = [
  { icon: Clock, title: 'Fast answers', text: 'A person replies within one business day, Monday to Friday.' },
  { icon: LifeBuoy, title: 'Help with your raise', text: 'Embeds, forms, leads, billing or what to say while testing the waters.' },
  { icon: ShieldCheck, title: 'Privacy requests', text: 'Write to privacy@raisespark.com, or send us a message here.' },
];

export default function ContactUsPage() {
  return (
    <PublicPage
      title="Contact Us"
      eyebrow="Support"
      lead="Questions about RaiseSpark or your raise? Send us a message and we'll get back to you within one business day."
    >
      <Canonical path="/contact-us" />
      <ContactForm />
      <ul className="mt-10 grid gap-4 sm:grid-cols-3">
        {NOTES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl bg-gray-50 p-5 ring-1 ring-gray-200">
            <Icon className="size-5 text-brand-600" aria-hidden />
            <h2 className="mt-3 text-sm font-semibold text-gray-900">{title}</h2>
            <p className="mt-1 text-sm text-gray-600">{text}</p>
          </li>
        ))}
      </ul>
    </PublicPage>
  );
}
