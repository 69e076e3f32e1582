import { CheckCircle2, Loader2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, inputClasses } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useContactTopics, type ContactMessage } from '../api/contact';
import { useSendContactMessage } from '../api/send-contact-message';

const EMPTY: ContactMessage = { name: '', email: '', topic: '', message: '', website: '' };

/**
 * The contact form: validated by the server, whose message is shown inline with the answers
 * kept; on success a thank-you panel replaces the form. Works signed in or not.
 */
export function ContactForm() {
  const id = useId();
  const { data: topicData, error: topicsError } = useContactTopics();
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const { trigger: sendMessage, isMutating: sending } = useSendContactMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const topics = topicData?.topics ?? [];

  const set = (key: keyof ContactMessage) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await sendMessage({ ...values, name: values.name.trim(), email: values.email.trim() });
      setSentTo(values.email.trim());
      window.setTimeout(() => heading.current?.focus(), 0);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Your message could not be sent. Please try again.');
    }
  };

  if (sentTo !== null) {
    return (
      <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-gray-200 sm:p-10" role="status">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckCircle2 className="size-7" aria-hidden />
        </span>
        <h2 ref={heading} tabIndex={-1} className="mt-4 text-xl font-semibold text-gray-900 outline-none">
          Message sent
        </h2>
        <p className="mt-2 text-gray-600">{`We'll reply to ${sentTo} within one business day.`}</p>
        <Button
          variant="secondary"
          className="mt-6"
          onClick={() => {
            setValues((current) => ({ ...current, topic: '', message: '' }));
            setSentTo(null);
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Contact form"
      className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(event) => set('name')(event.target.value)}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(event) => set('email')(event.target.value)}
        />
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-topic`} className="block text-sm font-medium text-gray-900">
            Topic
          </label>
          <select
            id={`${id}-topic`}
            name="topic"
            required
            value={values.topic}
            onChange={(event) => set('topic')(event.target.value)}
            disabled={!topicData}
            className={cn(inputClasses, 'mt-1.5 pr-8')}
          >
            <option value="">{topicData ? 'Choose a topic' : topicsError ? 'Topics unavailable' : 'Loading topics...'}</option>
            {topics.map((topic) => (
              <option key={topic} value={topic}>
                {topic}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-message`} className="block text-sm font-medium text-gray-900">
            Message
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            required
            rows={6}
            value={values.message}
            onChange={(event) => set('message')(event.target.value)}
            className={cn(inputClasses, 'mt-1.5')}
          />
        </div>
      </div>

      {/* Honeypot: hidden from people and assistive technology; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute top-0 -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          id={`${id}-website`}
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => set('website')(event.target.value)}
        />
      </div>

      {topicsError ? (
        <Alert className="mt-5">The topics could not be loaded. Please refresh the page.</Alert>
      ) : null}
      {failure ? <Alert className="mt-5">{failure}</Alert> : null}

      <div className="mt-6 flex flex-col-reverse items-stretch gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-gray-600">
          We use your details only to answer you. See our <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">Privacy Policy</Link>.
        </p>
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {sending ? 'Sending...' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}
