import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Spin } from 'antd';
import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SECURITY_CHECK_CHALLENGE_URL } from '../../api/public-forms-api';
import './security-check.css';
import { widgetLanguage, widgetStrings } from './widget-strings';

/** The widget (web component and its workers) is its own chunk, fetched when a form shows it. */
const loadWidget = () => import('./altcha-widget').then((module) => ({ default: module.AltchaWidget }));

// One lazy component for every form, kept outside React's state: a render that suspends and is
// thrown away (a transition) must find the same, already loading component when it starts again.
let Widget = lazy(loadWidget);

export interface SecurityCheckProps {
  /** The solution payload (base64, as the form sends it in `altcha`), or empty until the check is done. */
  value?: string;
  onChange?(value: string): void;
  id?: string;
}

/**
 * The security check of the public forms, as a controlled antd form control: the widget solves a
 * self-hosted proof-of-work challenge and the value becomes its solution. A solution is accepted
 * once, so a form empties the value after each call it sends; the widget then starts over.
 */
export function SecurityCheck({ value, onChange, id }: SecurityCheckProps) {
  const { t, i18n } = useTranslation();
  const language = widgetLanguage(i18n.language);
  const strings = useMemo(() => widgetStrings(t), [t]);
  // Renders the form again with the new lazy component after "Retry".
  const [, setAttempt] = useState(0);

  return (
    <div className="rl-security-check" id={id} data-testid="security-check">
      <LoadFailure
        fallback={(retry) => (
          <Alert
            type="error"
            showIcon
            title={t('publicForms.securityCheck.loadFailed')}
            action={
              <Button
                size="small"
                onClick={() => {
                  // A new lazy component after a failed load, so "Retry" fetches the chunk again.
                  Widget = lazy(loadWidget);
                  setAttempt((attempt) => attempt + 1);
                  retry();
                }}
              >
                {t('common.retry')}
              </Button>
            }
          />
        )}
      >
        <Suspense
          fallback={
            <div className="rl-security-check__loading">
              <Spin size="small" indicator={<SafetyCertificateOutlined spin />} />
              <span>{t('publicForms.securityCheck.loading')}</span>
            </div>
          }
        >
          <Widget
            challengeUrl={SECURITY_CHECK_CHALLENGE_URL}
            language={language}
            strings={strings}
            value={value ?? ''}
            onChange={(next) => onChange?.(next)}
          />
        </Suspense>
      </LoadFailure>
    </div>
  );
}

interface LoadFailureProps {
  children: ReactNode;
  fallback(retry: () => void): ReactNode;
}

/** Keeps a failed download of the widget (offline, a new release) inside the form. */
class LoadFailure extends Component<LoadFailureProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed
      ? this.props.fallback(() => this.setState({ failed: false }))
      : this.props.children;
  }
}
