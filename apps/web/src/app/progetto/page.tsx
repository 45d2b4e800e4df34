import type { Metadata } from 'next';
import { projectMessages as t } from '../../components/explorer/messages';
import { Project } from '../../components/explorer/project';

export const metadata: Metadata = {
  title: t.metaTitle,
  description: t.metaDescription,
};

export default function ProjectPage() {
  return (
    <>
      <h1>{t.title}</h1>
      <Project />
    </>
  );
}
