import { Typography } from 'antd';

/**
 * A message as its sender wrote it: plain text with its line breaks. React renders it as text, so
 * markup in it (`<script>`, tags) stays visible characters and never becomes HTML.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="message-text">
      {text}
    </Typography.Paragraph>
  );
}
