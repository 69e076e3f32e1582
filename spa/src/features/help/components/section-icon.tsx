import { BookOpen, ClipboardList, CodeXml, CreditCard, LayoutDashboard, Megaphone, Rocket, Scale, Users, type LucideIcon } from 'lucide-react';
import type { HelpSectionId } from '../articles';

const ICONS: Record<HelpSectionId, LucideIcon> = {
  'getting-started': Rocket,
  forms: ClipboardList,
  embed: CodeXml,
  leads: Users,
  dashboard: LayoutDashboard,
  'testing-the-waters': Megaphone,
  'reg-cf': Scale,
  billing: CreditCard,
  more: BookOpen,
};

export function SectionIcon({ section, className }: { section: HelpSectionId; className?: string }) {
  const Icon = ICONS[section];
  return <Icon className={className} aria-hidden />;
}
