import { useParams } from 'react-router';
import { FormEditorPage } from '@/features/forms/components/form-editor/form-editor-page';

export default function Page() {
  const { formId = '' } = useParams();
  return <FormEditorPage key={formId} id={formId} />;
}
