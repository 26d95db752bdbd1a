import { Alert, Button } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';
import { logger } from '../lib/logger';

interface Props {
  /** What failed to load, as the message names it ('JSON editor'). */
  what: string;
  children: ReactNode;
}

/**
 * Around a part of a screen loaded on demand (React.lazy). Its file may be gone: Atelier was
 * updated since this tab opened, and a new build names its files anew. Unguarded, the failed
 * import took the whole page away for the router's 'Unexpected Application Error!'; here the page
 * and the dialog stay, and the part says how to get it (a reload reads the new build).
 */
export class LazyLoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    logger.error(`the ${this.props.what} could not be loaded`, error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert.Root status="error" role="alert" alignItems="center">
        <Alert.Indicator />
        <Alert.Title flex="1">
          The {this.props.what} could not be loaded: Atelier may have been updated since this page was opened. Reload
          the page to use it.
        </Alert.Title>
        <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </Alert.Root>
    );
  }
}
