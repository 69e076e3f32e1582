import { Link, useParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/auth-context';
import { useForm } from '@/features/forms/api/get-form';
import { InvestorForm } from '@/features/forms/components/investor-form';
import { useProfile } from '@/features/profiles/api/profile';

/** The owner's preview (drafts too), opened in a new tab; no site header. */
export default function FormPreviewPage() {
  const { formId } = useParams();
  const { user, loading } = useAuth();
  const { data: form, error } = useForm(user ? formId : undefined);
  const { data: profile } = useProfile();
  const unavailable = error || (!loading && !user);

  return (
    <main className="min-h-dvh flex-1 bg-gray-100">
      <title>{form ? `Preview: ${form.name} | RaiseSpark` : 'Form preview | RaiseSpark'}</title>
      <div className="border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-center text-sm text-amber-900">
        Preview — this is how investors see your form. Submissions are not sent.
        {form ? <> <Link to={`/forms/${form.id}`} className="font-semibold underline">Edit form</Link></> : null}
      </div>
      <div className="mx-auto max-w-xl px-4 py-10">
        {unavailable ? (
          <p role="alert" className="rounded-xl bg-white p-6 text-center text-gray-700 shadow-sm">This form is not available.</p>
        ) : form ? (
          <div className="shadow-xl ring-1 ring-gray-900/5 [border-radius:calc(var(--rs-radius,0.375rem)*2)]">
            <InvestorForm form={form} theme={form.theme} messages={form.field_messages} brandLogo={profile?.logo} preview />
          </div>
        ) : (
          <Skeleton className="h-[32rem] rounded-2xl" />
        )}
      </div>
    </main>
  );
}
