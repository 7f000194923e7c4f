/** Placeholder for the reports screen until its feature lands. */
import { PlaceholderPage } from '../../../components/placeholder-page';

export default function ReportsPage() {
  return <PlaceholderPage screen="reports" />;
}
