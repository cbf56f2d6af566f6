import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { VERIFICATION_PATH } from '../labels';

/** Why a create was refused, beyond its fields: only verified sellers may (403), a limit, the network. */
export interface Problem {
  message: string;
  notVerified: boolean;
}

export const problemOf = (error: unknown): Problem => ({
  message: error instanceof Error ? error.message : 'Please try again.',
  notVerified: error instanceof ApiError && error.code === 'NOT_A_VERIFIED_SELLER',
});

/** `notVerifiedText` says what is for verified sellers only, and the way to Verification goes with it. */
export function FormProblem({ problem, notVerifiedText }: { problem: Problem; notVerifiedText: string }) {
  if (problem.notVerified) {
    return (
      <div className="notice notice--warning" role="alert">
        <p>{notVerifiedText}</p>
        <Link to={VERIFICATION_PATH} className="btn btn--outline btn--sm">
          Go to Verification
        </Link>
      </div>
    );
  }
  return (
    <p className="notice notice--danger" role="alert">
      {problem.message}
    </p>
  );
}
