/** Placeholder for the profile screen until its feature lands. */
import { PlaceholderPage } from '../../../components/placeholder-page';

export default function ProfilePage() {
  return <PlaceholderPage screen="profile" />;
}
