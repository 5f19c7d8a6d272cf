//go:build !linux

package tax

import "unsafe"

func adviseHuge(unsafe.Pointer, uintptr) {}
