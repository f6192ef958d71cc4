import { Icon, LinkButton } from '@erp/ui';
import { isNotFound, LoadFailure } from '@erp/ui/remote';

/** The way back from a project's screens to the project list. */
export const backToProjects = (
  <LinkButton to="/team/projects" variant="outline">
    <Icon name="arrowLeft" />
    Back to List
  </LinkButton>
);

export interface ProjectLoadFailureProps {
  /** The screen's title, kept over the message. */
  title: string;
  error: unknown;
  onRetry: () => void;
}

/** A project that could not be read: 'Project not found' for a 404, else the error with Retry (the detail and form screens alike). */
export function ProjectLoadFailure({ title, error, onRetry }: ProjectLoadFailureProps) {
  return (
    <LoadFailure
      title={title}
      back={backToProjects}
      error={error}
      missing={isNotFound}
      icon="clipboard"
      notFound={{ title: 'Project not found', description: 'Please check the project ID and try again.' }}
      errorTitle="Could not load this project"
      onRetry={onRetry}
    />
  );
}
