import { useParams } from 'react-router';

/** The owner's preview of a form, drafts included; opened in a new tab, no site header. */
export default function FormPreviewPage() {
  const { formId } = useParams();
  return (
    <main className="flex min-h-dvh flex-1 items-center justify-center bg-gray-50 px-4 py-12">
      <title>Form preview | RaiseSpark</title>
      <p className="text-sm text-gray-600">Preview of form <code className="rounded bg-gray-100 px-1.5 py-0.5">{formId}</code></p>
    </main>
  );
}
