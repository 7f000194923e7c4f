/** The statement of account of an application (its applicant, and staff who read finance). */
import { useParams } from 'react-router';
import { StatementView } from '../components/statement-view';

export default function ApplicationStatementPage() {
  const { id = '' } = useParams();
  return <StatementView key={id} kind="application" id={id} />;
}
