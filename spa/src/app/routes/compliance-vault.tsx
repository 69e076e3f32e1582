import { VaultPage } from '@/features/compliance-vault/components/vault-page';

export default function Page() {
  return <VaultPage />;
}
