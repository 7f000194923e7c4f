/** Placeholder for the meetings screen until its feature lands. */
import { PlaceholderPage } from '../../../components/placeholder-page';

export default function MeetingsPage() {
  return <PlaceholderPage screen="meetings" />;
}
