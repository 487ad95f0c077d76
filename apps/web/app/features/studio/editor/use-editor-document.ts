// The editor's two copies of the article: the form being typed, and the article as the server
// last stored it, with refs so async saves read the latest of both.
import type { StudioArticle } from "@pragmatist/contracts";
import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useEffect,
  useRef,
  useState,
} from "react";
import { type ArticleForm, formOf } from "../article-form";

/** The form and the stored article, as `useEditorDocument` holds them. */
export interface EditorDocument {
  form: ArticleForm;
  setForm: Dispatch<SetStateAction<ArticleForm>>;
  /** The latest form, for saves scheduled by an earlier render. */
  formRef: RefObject<ArticleForm>;
  /** The article as last stored, or null before a new article's first save. */
  saved: StudioArticle | null;
  /** The latest stored article (its id and the version `updatedAt` a save sends back). */
  savedRef: RefObject<StudioArticle | null>;
  /** Takes `article` as the stored version (after a save, a reload or a restore). */
  store: (article: StudioArticle) => void;
}

/** The form of `article` (an empty one dated now for null) and the article as stored. */
export function useEditorDocument(article: StudioArticle | null): EditorDocument {
  const [form, setForm] = useState<ArticleForm>(() => formOf(article, new Date()));
  const [saved, setSaved] = useState<StudioArticle | null>(article);
  // What async saves read: the latest form and server version, not those of the render that
  // scheduled them.
  const formRef = useRef(form);
  const savedRef = useRef(saved);
  useEffect(() => {
    formRef.current = form;
  }, [form]);
  const store = (next: StudioArticle) => {
    savedRef.current = next;
    setSaved(next);
  };
  return { form, setForm, formRef, saved, savedRef, store };
}
