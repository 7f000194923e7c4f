/** Placeholder for the allotments screen until its feature lands. */
import { PlaceholderPage } from '../../../components/placeholder-page';

export default function AllotmentsPage() {
  return <PlaceholderPage screen="allotments" />;
}
