import { useParams } from 'react-router';
import { LandingView } from '../components/landing-view';
import { PageNotFound } from '../components/page-not-found';
import '../pages.css';

/** /welcome/{id} (route name landing): one landing variant; its id is also the route's landing_id. */
export default function WelcomeLandingRoute() {
  const { id } = useParams();
  const landingId = Number(id);
  if (!Number.isInteger(landingId) || landingId <= 0) return <PageNotFound />;
  return <LandingView key={landingId} id={landingId} />;
}
