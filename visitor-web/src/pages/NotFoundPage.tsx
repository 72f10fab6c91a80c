import { Link } from 'react-router-dom';
import './not-found.css';

export default function NotFoundPage() {
  return (
    <div className="page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">Page Not Found</h1>
      <p className="muted">The page you are looking for doesn't exist or has moved.</p>
      <Link to="/" className="btn btn--primary btn--lg">
        Back to rating
      </Link>
    </div>
  );
}
