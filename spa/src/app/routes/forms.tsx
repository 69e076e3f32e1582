import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { FormsList, useCreateForm } from '@/features/forms/components/forms-list';

/** /forms: the form list. `?create=true` creates a form; `?archived=true` shows archived forms. */
export default function FormsPage() {
  const [params, setParams] = useSearchParams();
  const archived = params.get('archived') === 'true';
  const { create } = useCreateForm();
  const started = useRef(false);

  useEffect(() => {
    if (params.get('create') === 'true' && !started.current) {
      started.current = true;
      void create();
    }
  }, [params, create]);

  return (
    <>
      <PageHeader title="Investor Forms" description="Build lead-capture forms for your raise and embed them on your site." />
      <FormsList
        title="All forms"
        archived={archived}
        onArchivedChange={(show) => setParams(show ? { archived: 'true' } : {})}
        onArchiveChange={(nowArchived) =>
          setParams(nowArchived ? { archived: 'true', t: String(Date.now()) } : { unarchived: 'true', t: String(Date.now()) })
        }
      />
    </>
  );
}
